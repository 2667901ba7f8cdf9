// Decap can convert uploaded pictures to WebP with a WebAssembly encoder.
// Nothing is uploaded through this site's editor (documents and videos are
// linked by address), so the encoder is left out of the bundle.
export function encode(): never {
  throw new Error('This site does not upload pictures through the editor.')
}
export const decode = encode
