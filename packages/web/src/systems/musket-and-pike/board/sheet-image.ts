import type { Sheet } from "@tercio/render";
import { useEffect, useMemo } from "react";

/** The sheet (terrain, roads, victory hexes, margins) as a standalone SVG document, with its own definitions. */
export function sheetDocument(sheet: Sheet): string {
  const { width, height } = sheet.layout;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><defs>${sheet.defs}</defs>${sheet.ground}${sheet.edge}</svg>`;
}

/**
 * The sheet as an image the board draws under the pieces. As thousands of
 * live SVG shapes it was painted and layerized again with every step of play
 * (a tenth of a second a time on Lutzen, 48x32 hexes); as one image it is
 * drawn from a raster the browser keeps, and only the pieces above repaint.
 * A blob URL: the page's Content Security Policy allows `img-src blob:`.
 */
export function useSheetImage(sheet: Sheet): string {
  const url = useMemo(
    () => URL.createObjectURL(new Blob([sheetDocument(sheet)], { type: "image/svg+xml" })),
    [sheet],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}
