/**
 * A layer drawn by @tercio/render as SVG text (terrain, bases, overlays):
 * built from the engine's data only, every text escaped by the renderer, so
 * it is set as markup (as musket-and-pike's SvgMarkup), with a test id.
 */
export function Markup({ markup, testid }: { readonly markup: string; readonly testid?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderer output from engine data, escaped (see above)
  return <g data-testid={testid} dangerouslySetInnerHTML={{ __html: markup }} />;
}
