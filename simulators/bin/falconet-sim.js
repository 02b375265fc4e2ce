#!/usr/bin/env node
// A committed entry point, so that npm links the bin even before the first build writes dist/.
await import('../dist/cli.js');
