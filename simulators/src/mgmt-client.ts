// The root package's typed management client, from its build (decision 240): `../../dist/client` is the same
// relative path from simulators/dist in a clone and in the installed package, and `npm run build` builds the
// root package before the simulator.
export * from '../../dist/client/index.js';
