import { describe, expect, it } from 'vitest';
import { chartTypes } from '../../src/charts/index.js';
import { chartFixtures } from '../../bench/charts-fixtures.js';
import { renderFixture } from './chart-test-helpers.js';
import { inspectPng } from './png-inspection.js';

describe('every chart type renders a readable PNG from a real DuckDB result', () => {
  it('has a fixture for each chart type', () => {
    const covered = new Set(chartFixtures.map((fixture) => fixture.config.chart_type));
    expect([...chartTypes].filter((type) => !covered.has(type))).toEqual([]);
  });

  it.each(chartFixtures.map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const rendered = await renderFixture(fixture);
    // A Slack thread image: 480 × 300 logical at 2× (horizontal bars grow taller per category).
    expect(rendered.widthPx).toBe(960);
    if (fixture.config.chart_type === 'horizontal_bar') expect(rendered.heightPx).toBeGreaterThan(600);
    else expect(rendered.heightPx).toBe(600);
    const image = await inspectPng(rendered.png);
    expect([image.width, image.height]).toEqual([rendered.widthPx, rendered.heightPx]);
    expect(image.inkShare).toBeGreaterThan(0.02);
    expect(image.inkShare).toBeLessThan(0.9);
    if (fixture.multiColour) expect(image.hueCount).toBeGreaterThanOrEqual(2);
    else expect(image.hueCount).toBeGreaterThanOrEqual(1);
  });
});
