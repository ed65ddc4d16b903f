// Tools that live in their own modules (charts, stories) register here, so the registry itself
// stays free of heavy imports (vega, canvas) and of import cycles.
import { registerToolFactory } from './tool-registry.js';

let registered = false;

export function registerBuiltInTools(): void {
  if (registered) return;
  registered = true;
}

export { registerToolFactory };
