/**
 * balance.html: a self-contained page (inline CSS and SVG, nothing fetched)
 * showing a balance run: per scenario a stacked bar of First Player wins,
 * draws and Second Player wins with the 95% intervals of both win rates as
 * whiskers, the rulebook's stated balance beside it, the verdict, and a table.
 */
import type { Scenario } from "@tercio/musket-and-pike";
import { type BalanceReport, type ScenarioBalance, statedText, type Verdict } from "./balance-report.js";
import { percent, percentInterval, scoreText } from "./stats.js";

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** Pixels to two places at most: short, stable SVG. */
const px = (x: number) => String(Math.round(x * 100) / 100);

const COLOURS = {
  first: { fill: "#8fb3e0", stroke: "#173a73" },
  draw: { fill: "#d8d0bc", stroke: "#7a7263" },
  second: { fill: "#a3cf8f", stroke: "#1f5220" },
  ink: "#2b2620",
};

const VERDICT_FILL: Record<Verdict, string> = {
  agree: "#a3cf8f",
  disagree: "#e8a08f",
  inconclusive: "#e9e1cc",
  unstated: "#fffdf6",
};

/** The rulebook's scale, First Player favoured on the left as in the bars. */
const SCALE: readonly { favours: Scenario["balance"]["favours"]; degree: string; label: string }[] = [
  { favours: "first", degree: "heavily", label: "H" },
  { favours: "first", degree: "moderately", label: "M" },
  { favours: "first", degree: "slightly", label: "S" },
  { favours: "neither", degree: "even", label: "=" },
  { favours: "second", degree: "slightly", label: "S" },
  { favours: "second", degree: "moderately", label: "M" },
  { favours: "second", degree: "heavily", label: "H" },
];

const ROW = 34;
const TOP = 40;
const LABEL_W = 190;
const BAR_X = 200;
const BAR_W = 440;
const SCALE_X = 670;
const CELL = 20;
const VERDICT_X = SCALE_X + SCALE.length * CELL + 24;
const WIDTH = VERDICT_X + 100;

function whisker(x1: number, x2: number, y: number, title: string): string {
  const cap = 4;
  return `<g stroke="${COLOURS.ink}" stroke-width="1.5"><title>${esc(title)}</title><line x1="${px(x1)}" y1="${y}" x2="${px(x2)}" y2="${y}"/><line x1="${px(x1)}" y1="${y - cap}" x2="${px(x1)}" y2="${y + cap}"/><line x1="${px(x2)}" y1="${y - cap}" x2="${px(x2)}" y2="${y + cap}"/></g>`;
}

function segment(
  x: number,
  w: number,
  y: number,
  h: number,
  kind: "first" | "draw" | "second",
  title: string,
  share: number,
): string {
  if (w <= 0) return "";
  const c = COLOURS[kind];
  const label =
    w >= 34
      ? `<text x="${px(x + w / 2)}" y="${y + h / 2 + 4}" text-anchor="middle" font-size="11" fill="${COLOURS.ink}">${percent(share)}</text>`
      : "";
  return `<g><title>${esc(title)}</title><rect x="${px(x)}" y="${y}" width="${px(w)}" height="${h}" fill="${c.fill}" stroke="${c.stroke}" stroke-width="0.5"/>${label}</g>`;
}

function chartRow(s: ScenarioBalance, i: number): string {
  const top = TOP + i * ROW;
  const y = top + 5;
  const h = ROW - 10;
  const x = (p: number) => BAR_X + p * BAR_W;
  const n = s.games;
  const p1 = s.first.estimate;
  const pd = s.draw.estimate;
  const p2 = s.second.estimate;
  const parts =
    n === 0
      ? `<rect x="${BAR_X}" y="${y}" width="${BAR_W}" height="${h}" fill="none" stroke="${COLOURS.ink}" stroke-dasharray="3 3"/><text x="${BAR_X + BAR_W / 2}" y="${y + h / 2 + 4}" text-anchor="middle" font-size="11">no games</text>`
      : [
          segment(
            x(0),
            p1 * BAR_W,
            y,
            h,
            "first",
            `First Player won ${s.counts.first} of ${n}: ${percentInterval(s.first)}`,
            p1,
          ),
          segment(
            x(p1),
            pd * BAR_W,
            y,
            h,
            "draw",
            `Drawn ${s.counts.draw} of ${n}: ${percentInterval(s.draw)}`,
            pd,
          ),
          segment(
            x(p1 + pd),
            p2 * BAR_W,
            y,
            h,
            "second",
            `Second Player won ${s.counts.second} of ${n}: ${percentInterval(s.second)}`,
            p2,
          ),
          whisker(
            x(s.first.low),
            x(s.first.high),
            y + 5,
            `First Player's win rate, 95%: ${percentInterval(s.first)}`,
          ),
          // The Second Player's rate is measured from the right-hand end.
          whisker(
            x(1 - s.second.high),
            x(1 - s.second.low),
            y + h - 5,
            `Second Player's win rate, 95%: ${percentInterval(s.second)}`,
          ),
        ].join("");
  const cells = SCALE.map((c, k) => {
    const on = c.favours === s.stated?.favours && c.degree === s.stated.degree;
    const fill = on
      ? c.favours === "first"
        ? COLOURS.first.stroke
        : c.favours === "second"
          ? COLOURS.second.stroke
          : COLOURS.ink
      : "#fffdf6";
    return `<rect x="${SCALE_X + k * CELL}" y="${y + 3}" width="${CELL - 2}" height="${h - 6}" fill="${fill}" stroke="#b9b09a"/>`;
  }).join("");
  const verdict = `<rect x="${VERDICT_X}" y="${y + 2}" width="92" height="${h - 4}" rx="4" fill="${VERDICT_FILL[s.verdict]}" stroke="#b9b09a"/><text x="${VERDICT_X + 46}" y="${y + h / 2 + 4}" text-anchor="middle" font-size="12">${s.verdict}</text>`;
  return `<g class="row"><text x="${LABEL_W - 4}" y="${y + h / 2 + 4}" text-anchor="end" font-size="12">${esc(`${s.id} ${s.name}`)}</text>${parts}<g><title>${esc(
    s.stated ? `Stated: ${s.stated.text}` : "The scenario states no balance",
  )}</title>${cells}</g>${verdict}</g>`;
}

export function balanceChart(report: BalanceReport): string {
  const rows = report.scenarios;
  const height = TOP + rows.length * ROW + 10;
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((t) => {
      const x = BAR_X + t * BAR_W;
      return `<line x1="${px(x)}" y1="${TOP - 4}" x2="${px(x)}" y2="${height - 10}" stroke="#d8d0bc" stroke-width="${t === 0.5 ? 1.2 : 0.6}"/><text x="${px(x)}" y="${TOP - 8}" text-anchor="middle" font-size="11">${percent(t)}</text>`;
    })
    .join("");
  const scaleHead = SCALE.map(
    (c, k) =>
      `<text x="${SCALE_X + k * CELL + (CELL - 2) / 2}" y="${TOP - 8}" text-anchor="middle" font-size="11">${c.label}</text>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" font-family="Helvetica,Arial,sans-serif" role="img" aria-label="Measured results and the rulebook's balance, per scenario">
<text x="${BAR_X}" y="14" font-size="12" font-weight="bold">First Player wins · draws · Second Player wins</text>
<text x="${SCALE_X}" y="14" font-size="12" font-weight="bold">Rulebook</text>
<text x="${VERDICT_X}" y="14" font-size="12" font-weight="bold">Verdict</text>
${ticks}${scaleHead}
${rows.map(chartRow).join("\n")}
</svg>`;
}

const STYLE = `
body{font-family:Helvetica,Arial,sans-serif;background:#f7f3e6;color:#2b2620;margin:0}
header{background:#2b2620;color:#f7f3e6;padding:14px 28px}
header h1{margin:0;font-size:22px}
header p{margin:4px 0 0;font-size:13px;opacity:.85}
main{padding:18px 28px;max-width:1400px}
svg{background:#fffdf6;border:1px solid #d8d0bc;max-width:100%;height:auto}
table{border-collapse:collapse;background:#fffdf6;margin-top:18px}
th,td{border-bottom:1px solid #d8d0bc;padding:5px 9px;text-align:left;font-size:13px}
th{background:#e9e1cc}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.agree{background:#dcefd2}td.disagree{background:#f6d5cc}
.note{font-size:13px;color:#5c574c;max-width:900px}
.key span{display:inline-block;width:12px;height:12px;margin:0 4px -2px 12px;border:1px solid #7a7263}
`;

function tableRow(s: ScenarioBalance): string {
  const td = (x: string, cls = "") => `<td${cls === "" ? "" : ` class="${cls}"`}>${esc(x)}</td>`;
  return `<tr>${[
    td(`${s.id} ${s.name}`),
    td(s.stated?.text ?? "—"),
    td(statedText(s.stated)),
    td(String(s.games) + (s.errors > 0 ? ` (+${s.errors} errors)` : ""), "n"),
    td(`${s.counts.first} · ${percentInterval(s.first)}`, "n"),
    td(`${s.counts.draw} · ${percentInterval(s.draw)}`, "n"),
    td(`${s.counts.second} · ${percentInterval(s.second)}`, "n"),
    td(scoreText(s.firstScore), "n"),
    td(s.measured),
    td(s.verdict, s.verdict),
  ].join("")}</tr>`;
}

export function balanceHtml(report: BalanceReport): string {
  const { agree, disagree, inconclusive, unstated } = report.summary;
  const options = Object.keys(report.options).length === 0 ? "the defaults" : JSON.stringify(report.options);
  const seeds = `${report.seed} to ${report.seed + report.gamesPerScenario - 1}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tercio balance: ${esc(report.bot)} against itself</title><style>${STYLE}</style></head>
<body><header><h1>Scenario balance: ${esc(report.bot)} against ${esc(report.bot)}</h1>
<p>${esc(report.systemTitle)}: ${report.gamesPerScenario} games per scenario (seeds ${esc(seeds)}); options: ${esc(
    options,
  )}; rules data ${esc(report.rules.version)} (${esc(report.rules.hash)}).</p></header>
<main>
<p><strong>Agree ${agree}, disagree ${disagree}, inconclusive ${inconclusive}${unstated > 0 ? `, no balance stated ${unstated}` : ""}</strong> of ${report.scenarios.length} scenarios.</p>
<p class="key">Key:<span style="background:${COLOURS.first.fill}"></span>First Player wins<span style="background:${COLOURS.draw.fill}"></span>draws<span style="background:${COLOURS.second.fill}"></span>Second Player wins. Whiskers: the 95% interval of the First Player's win rate (upper, from the left) and of the Second Player's (lower, from the right). Rulebook: H, M, S = heavily, moderately, slightly in favour of the First Player (left) or the Second (right); = even.</p>
${balanceChart(report)}
<table><thead><tr><th>Scenario</th><th>Rulebook says</th><th>Favours</th><th>Games</th><th>First Player wins [95%]</th><th>Draws [95%]</th><th>Second Player wins [95%]</th><th>First Player's score</th><th>Measured</th><th>Verdict</th></tr></thead>
<tbody>
${report.scenarios.map(tableRow).join("\n")}
</tbody></table>
<p class="note">Rates are Wilson score intervals at 95%. The score counts a draw as half a win. A side is <em>measured favoured</em> when its win-rate interval lies wholly above the other side's; otherwise the measurement favours neither. A scenario the rulebook says favours a side <em>agrees</em> when that side is measured favoured, <em>disagrees</em> when the other side is, and is <em>inconclusive</em> when neither is. An even scenario agrees when neither side is measured favoured (no evidence against evenness, a weaker claim) and disagrees when one is. The measurement is of the ${esc(
    report.bot,
  )} policy playing both sides, not of expert players. Decision time: mean ${report.time.meanMs.toFixed(2)} ms, max ${report.time.maxMs.toFixed(
    1,
  )} ms over ${report.time.decisions} decisions.</p>
</main></body></html>
`;
}
