import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Selects, one after another, the units of `side` that have not moved and
 * draws a change of formation for each order its panel offers, until the
 * engine allows one (the ghost drawn legal): that unit and order, drawn
 * and not yet played. Refusals met on the way are returned for a failure's
 * message.
 */
export async function drawFormationChange(
  page: Page,
  side: string,
  prefer: readonly string[] = [],
): Promise<{ id: string; formation: string; refusals: string[] }> {
  const refusals: string[] = [];
  const units = page.locator(`g[data-unit-focus][data-side="${side}"][data-moved="false"]`);
  const ids: string[] = [];
  for (const g of await units.all()) ids.push((await g.getAttribute("data-unit-focus")) ?? "");
  const order = [...ids.filter((id) => prefer.includes(id)), ...ids.filter((id) => !prefer.includes(id))];
  for (const id of order) {
    const g = page.getByTestId(`unit-${id}`);
    const box = await g.boundingBox();
    if (!box) continue;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => g.getAttribute("aria-pressed")).toBe("true");
    const select = page.getByTestId("form-formation");
    if ((await select.count()) === 0) continue;
    for (const f of await select.locator("option").allTextContents()) {
      await select.selectOption(f);
      await page.getByTestId("add-form").click();
      await page.getByTestId("ghost").waitFor();
      if ((await page.getByTestId("ghost").getAttribute("data-legal")) === "true")
        return { id, formation: f, refusals };
      refusals.push(`${id} ${f}: ${await page.getByTestId("move-refusal").textContent()}`);
      await page.getByTestId("cancel-move").click();
    }
  }
  return { id: "", formation: "", refusals };
}
