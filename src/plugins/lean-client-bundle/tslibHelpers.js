// What @docusaurus/utils-common uses of tslib, in place of the whole library in the client bundle
// (see ./index.ts, which fails the build when utils-common starts using a helper missing here).
'use strict';

/** A CommonJS module as the default export of an ES module, as TypeScript's esModuleInterop does. */
exports.__importDefault = function __importDefault(mod) {
  return mod && mod.__esModule ? mod : {default: mod};
};
