// Tools that live in their own modules (charts, stories) register here, so the registry itself
// stays free of heavy imports (vega, canvas) and of import cycles.
import { createDisplayChartTool } from './display-chart.js';
import { createStoryTool } from './story.js';
import { registerToolFactory } from './tool-registry.js';

let registered = false;

export function registerBuiltInTools(): void {
  if (registered) return;
  registered = true;
  registerToolFactory('display_chart', createDisplayChartTool);
  registerToolFactory('story', createStoryTool);
}

export { registerToolFactory };
