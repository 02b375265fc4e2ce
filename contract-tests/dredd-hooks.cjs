// Dredd loads hook files with `require` and hands them its hooks object as the module `hooks`; the run
// that started Dredd (dredd-run.ts, in this same process) registered the function that fills them in.
const hooks = require('hooks');

globalThis.falconetDreddHooks(hooks);
