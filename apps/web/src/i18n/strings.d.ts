/** A piece of a locale file, cut by the build (vite.config.ts, i18n/string-groups.ts). */
declare module '*.json?strings=shell' {
  const strings: import('./string-groups.ts').StringTree;
  export default strings;
}
declare module '*.json?strings=rest' {
  const strings: import('./string-groups.ts').StringTree;
  export default strings;
}
