/** The ROMs the build assembled (prebuilt-roms-plugin.ts makes this module). */
declare module 'virtual:o2-prebuilt-roms' {
  // An ambient module may not import a relative path, and a top-level import would make this file a module
  // (its declaration an augmentation of a module that does not exist): the type is named inline.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const prebuilt: import('./prebuilt-roms.ts').PrebuiltRoms;
  export default prebuilt;
}
