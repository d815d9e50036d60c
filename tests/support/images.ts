// Images for upload tests: the server checks the header behind the signature too, so these are real PNGs.

const onePixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A 1×1 PNG as a data URL, the way cropped avatars arrive. */
export const pngDataUrl = `data:image/png;base64,${onePixel.toString('base64')}`;

/** Another file for each tag (bytes after the image's end; files are stored once per content), still a valid PNG. */
export const taggedPngDataUrl = (tag: string) => `data:image/png;base64,${Buffer.concat([onePixel, Buffer.from(tag)]).toString('base64')}`;
