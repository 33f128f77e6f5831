import { describe, expect, it } from "vitest";
import { PerAddress } from "./per-address.js";
import { ByteBudget } from "./send-budget.js";

describe("budgets of bytes sent", () => {
  it("a message is sent whole and paid back: the budget is in debt until the rate has refilled it", () => {
    const clock = { t: 0 };
    const budget = new ByteBudget(1000, 2000, () => clock.t);
    expect(budget.waitMs()).toBe(0);
    budget.charge(5000); // 3000 in debt
    expect(budget.waitMs()).toBe(3000);
    clock.t = 2000;
    expect(budget.waitMs()).toBe(1000);
    clock.t = 3000;
    expect(budget.waitMs()).toBe(0);
    expect(budget.full).toBe(false);
    clock.t = 5000;
    expect(budget.full).toBe(true);
  });

  it("an address's budget is shared by its connections and forgotten once full and unused", () => {
    const clock = { t: 0 };
    const budgets = new PerAddress(() => new ByteBudget(100, 100, () => clock.t));
    budgets.of("1.2.3.4").charge(150);
    expect(budgets.of("1.2.3.4").waitMs()).toBe(500);
    budgets.of("5.6.7.8");
    budgets.sweep(() => false);
    expect(budgets.size).toBe(1);
    clock.t = 2000;
    budgets.sweep((a) => a === "1.2.3.4");
    expect(budgets.size).toBe(1);
    budgets.sweep(() => false);
    expect(budgets.size).toBe(0);
  });
});
