// A drawn image before it is encoded: its own file because both the PNG encoder and the palette
// reduction it calls read it.
export interface RawImage {
  width: number;
  height: number;
  /** Premultiplied RGBA bytes, as the canvas's `data()` gives them. */
  pixels: Buffer;
}
