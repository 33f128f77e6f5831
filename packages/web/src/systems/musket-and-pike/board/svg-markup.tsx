/**
 * Markup drawn by @tercio/render (terrain, counters, markers). It is built
 * from the engine's data only, with every text escaped by the renderer's
 * `esc`, never from user input, so it is set as markup: one SVG string for a
 * layer of hundreds of elements is far cheaper than as many React nodes.
 */
export function SvgMarkup({ markup, className }: { readonly markup: string; readonly className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderer output from engine data, escaped (see above)
  return <g className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}

export function SvgDefs({ markup }: { readonly markup: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderer output from engine data, escaped (see SvgMarkup)
  return <defs dangerouslySetInnerHTML={{ __html: markup }} />;
}
