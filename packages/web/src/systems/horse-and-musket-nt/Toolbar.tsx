/** The overlays and tools, each on request (a toolbar toggle, or its key on the table). */
export interface Toggles {
  readonly ruler: boolean;
  readonly threats: boolean;
  readonly protect: boolean;
  readonly sight: boolean;
  readonly ranges: boolean;
}

const TOOLS: readonly { key: keyof Toggles; label: string; hot: string; testid: string }[] = [
  { key: "threats", label: "Threat zones", hot: "T", testid: "toggle-threats" },
  { key: "protect", label: "Protected sides", hot: "P", testid: "toggle-protected" },
  { key: "sight", label: "Line of sight", hot: "L", testid: "toggle-sight" },
  { key: "ranges", label: "Ranges", hot: "G", testid: "toggle-ranges" },
  { key: "ruler", label: "Ruler", hot: "M", testid: "ruler-tool" },
];

export function NtToolbar(p: {
  readonly toggles: Toggles;
  readonly onToggle: (k: keyof Toggles) => void;
  readonly onZoom: (factor: number) => void;
  readonly onHome: () => void;
  readonly ruler: string | undefined;
}) {
  return (
    <div className="zoom-buttons hm11-toolbar" role="toolbar" aria-label="Table tools">
      {TOOLS.map((t) => (
        <button
          key={t.key}
          type="button"
          data-testid={t.testid}
          aria-pressed={p.toggles[t.key]}
          aria-keyshortcuts={t.hot}
          title={`${t.label} (${t.hot})`}
          onClick={() => p.onToggle(t.key)}
        >
          {t.label}
        </button>
      ))}
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
