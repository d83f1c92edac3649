// swagger-ui-dist ships no types; this is the one module of it the server imports.
declare module "swagger-ui-dist/absolute-path.js" {
  /** The package's directory on disk (where swagger-ui-bundle.js and swagger-ui.css are). */
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
