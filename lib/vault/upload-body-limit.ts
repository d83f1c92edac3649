/** The request body cap of a vault upload: the file's cap in base64 (4 bytes per 3) and room for the JSON around it. */
export const uploadBodyLimit = (maxBytes: number): number => Math.ceil((maxBytes * 4) / 3) + 1024;
