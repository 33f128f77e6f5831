import type { Tool } from "./table-props.js";

interface Props {
  readonly tool: Tool;
  readonly onTool: (t: Tool) => void;
  readonly grid: boolean;
  readonly onGrid: (on: boolean) => void;
  readonly working: boolean;
  readonly onWorking: (on: boolean) => void;
  readonly onZoom: (factor: number) => void;
  readonly onHome: () => void;
  /** The ruler's reading, when one is laid. */
  readonly ruler: string | undefined;
}

/** The table's tools: select or ruler, the inch grid, show working, zoom. */
export function Toolbar(p: Props) {
  return (
    <div className="zoom-buttons hm11-toolbar" role="toolbar" aria-label="Table tools">
      <button
        type="button"
        data-testid="tool-select"
        aria-pressed={p.tool === "select"}
        onClick={() => p.onTool("select")}
      >
        Select
      </button>
      <button
        type="button"
        data-testid="ruler-tool"
        aria-pressed={p.tool === "ruler"}
        onClick={() => p.onTool(p.tool === "ruler" ? "select" : "ruler")}
      >
        Ruler
      </button>
      <label className="hm11-toggle">
        <input
          type="checkbox"
          data-testid="grid-toggle"
          checked={p.grid}
          onChange={(e) => p.onGrid(e.target.checked)}
        />{" "}
        Inch grid
      </label>
      <label className="hm11-toggle">
        <input
          type="checkbox"
          data-testid="working-toggle"
          checked={p.working}
          onChange={(e) => p.onWorking(e.target.checked)}
        />{" "}
        Show working
      </label>
      <button type="button" data-testid="zoom-in" aria-label="Zoom in" onClick={() => p.onZoom(1.25)}>
        +
      </button>
      <button type="button" data-testid="zoom-out" aria-label="Zoom out" onClick={() => p.onZoom(0.8)}>
        −
      </button>
      <button type="button" data-testid="zoom-home" aria-label="Whole table" onClick={p.onHome}>
        ⌂
      </button>
      <span data-testid="ruler-readout" className="hm11-ruler-readout" aria-live="polite">
        {p.ruler ?? ""}
      </span>
    </div>
  );
}
