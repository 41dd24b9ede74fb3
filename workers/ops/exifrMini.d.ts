// exifr's mini build (JPEG + TIFF/EXIF only, about a third of the full build) has the full build's API.
declare module 'exifr/dist/mini.esm.mjs' {
  export { parse } from 'exifr';
}
