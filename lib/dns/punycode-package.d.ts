// punycode.js by its file: the bare name "punycode" is Node's own deprecated module, and "punycode/" is not resolved
// as the package by every loader this project runs under (tsx took it for a folder beside the importing file).
declare module "punycode/punycode.js" {
  const punycode: typeof import("punycode");
  export default punycode;
}
