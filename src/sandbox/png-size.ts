// Width and height of a PNG from its IHDR chunk, or undefined when the bytes are not a PNG.
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR_END = 24;

export function pngSize(content: Buffer): { widthPx: number; heightPx: number } | undefined {
  if (content.length < IHDR_END || !content.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return undefined;
  if (content.toString('ascii', 12, 16) !== 'IHDR') return undefined;
  return { widthPx: content.readUInt32BE(16), heightPx: content.readUInt32BE(20) };
}
