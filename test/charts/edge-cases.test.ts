import { createCanvas } from 'canvas';
import { describe, expect, it } from 'vitest';
import { edgeCaseFixtures, fixtureConfig } from '../../bench/charts-fixtures.js';
import { formatNumber, registerChartFonts } from '../../src/charts/index.js';
import { prepareChartData } from '../../src/charts/chart-data.js';
import { chartLayout } from '../../src/charts/chart-layout.js';
import { detectGranularity, formatDate, parseDateValue } from '../../src/charts/dates.js';
import { discreteAxis } from '../../src/charts/spec-parts.js';
import { queryDuckDb, renderConfig, renderFixture, specRecords } from './chart-test-helpers.js';
import { inspectPng } from './png-inspection.js';

const fixture = (name: string) => {
  const found = edgeCaseFixtures.find((entry) => entry.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
};

async function expectReadable(png: Buffer, minimumInk = 0.01) {
  const image = await inspectPng(png);
  expect(image.width).toBe(960);
  expect(image.height).toBeGreaterThanOrEqual(600);
  expect(image.inkShare).toBeGreaterThan(minimumInk);
  expect(image.colouredShare).toBeGreaterThan(0.0002);
  return image;
}

describe('chart edge cases', () => {
  it('folds more than 25 bar categories into the top 24 plus Other, and says so', async () => {
    const rendered = await renderFixture(fixture('edge-other-bucket-bar'));
    const records = specRecords(rendered.spec);
    expect(records).toHaveLength(25);
    expect(records[24]).toMatchObject({ label: 'Other', is_other: true });
    const source = rendered.source.rows;
    const keptTotal = records.slice(0, 24).reduce((sum, record) => sum + Number(record.value), 0);
    const allTotal = source.reduce((sum, row) => sum + Number(row[1]), 0);
    expect(Number(records[24]!.value)).toBe(allTotal - keptTotal);
    expect(rendered.notes).toEqual(['Showing the top 24 categories plus Other (36 smaller categories grouped).']);
    expect(JSON.stringify(rendered.spec)).toContain('Showing the top 24 categories plus Other');
    await expectReadable(rendered.png);
  });

  it('keeps at most 8 pie slices, the rest as Other', async () => {
    const rendered = await renderFixture(fixture('edge-other-bucket-pie'));
    const labels = specRecords(rendered.spec).map((record) => record.label);
    expect(labels).toHaveLength(8);
    expect(labels.at(-1)).toBe('Other');
    expect(rendered.notes[0]).toMatch(/^Showing the top 7 slices plus Other/);
    await expectReadable(rendered.png);
  });

  it('keeps nulls as nulls (gaps), never zeros', async () => {
    const rendered = await renderFixture(fixture('edge-nulls-as-gaps'));
    const opened = specRecords(rendered.spec).filter((record) => record.series === 'Opened');
    expect(opened).toHaveLength(12);
    expect(opened.filter((record) => record.value === null)).toHaveLength(3);
    expect(opened.some((record) => record.value === 0)).toBe(false);
    await expectReadable(rendered.png);
  });

  it('draws negative bars below a zero line, with room for their labels where they fit', async () => {
    const rendered = await renderFixture(fixture('edge-negatives'));
    type Layer = { mark: { type: string }; encoding: { y: { scale?: { domain?: number[] } } } };
    const spec = rendered.spec as unknown as { layer: Layer[] };
    expect(spec.layer.some((layer) => layer.mark.type === 'rule')).toBe(true);
    // Twelve "−$42.8k" labels do not fit twelve bars in a Slack preview: they are left out, not overlapped.
    expect(spec.layer.some((layer) => layer.mark.type === 'text')).toBe(false);
    await expectReadable(rendered.png);
    // Six bars leave room: labels are drawn, and the axis reaches past the lowest bar for them.
    const source = await queryDuckDb(`select region, profit from (values ('North', 30500), ('South', -42800), ('East', 12000), ('West', -8000)) v(region, profit)`);
    const few = await renderConfig({ ...fixtureConfig(fixture('edge-negatives')), x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'profit', value_format: { prefix: '$' } }] }, source);
    const fewSpec = few.spec as unknown as { layer: Layer[] };
    expect(fewSpec.layer.some((layer) => layer.mark.type === 'text')).toBe(true);
    expect(fewSpec.layer[0]!.encoding.y.scale!.domain![0]).toBeLessThan(-42800);
    expect(JSON.stringify(few.spec)).toContain('−$42.8k');
    await expectReadable((await renderFixture(fixture('edge-negatives-line'))).png);
  });

  it('makes a single data point readable: visible mark and its value written', async () => {
    for (const name of ['edge-single-point-bar', 'edge-single-point-line']) {
      const rendered = await renderFixture(fixture(name));
      expect(JSON.stringify(rendered.spec)).toMatch(/"type":"text"/);
      await expectReadable(rendered.png, 0.008);
    }
  });

  // Speed is measured by the chart benchmark (npm run bench: edge-10k-line, edge-10k-scatter).
  it('renders 10,000 points in a line and a scatter', async () => {
    for (const name of ['edge-10k-line', 'edge-10k-scatter']) {
      const source = await queryDuckDb(fixture(name).sql);
      expect(source.rows).toHaveLength(10_000);
      const rendered = await renderFixture(fixture(name));
      expect(specRecords(rendered.spec)).toHaveLength(10_000);
      await expectReadable(rendered.png);
    }
  });

  it('rotates and truncates long category labels only when they do not fit', () => {
    const long = Array.from({ length: 10 }, (_, index) => `Spring promotion — EMEA enterprise accounts, retargeting ${index}`);
    const layout = chartLayout('thread_image');
    expect(discreteAxis(long, null, layout)).toMatchObject({ labelAngle: -40, labelLimit: 90 });
    expect(discreteAxis(['North', 'South', 'East', 'West'], null, layout)).toMatchObject({ labelAngle: 0 });
  });

  it('renders the long-label chart', async () => {
    await expectReadable((await renderFixture(fixture('edge-long-labels'))).png);
  });

  it('formats dates by granularity and sorts them chronologically', async () => {
    const days = prepareChartData(fixtureConfig(fixture('edge-dates-days')), await queryDuckDb(fixture('edge-dates-days').sql), chartLayout('thread_image'));
    expect(days.granularity).toBe('day');
    expect(days.points[0]!.label).toBe('Jun 1');
    const quarters = prepareChartData(fixtureConfig(fixture('edge-dates-quarters')), await queryDuckDb(fixture('edge-dates-quarters').sql), chartLayout('thread_image'));
    expect(quarters.granularity).toBe('quarter');
    expect(quarters.points.map((point) => point.label).slice(0, 3)).toEqual(['Q1 2022', 'Q2 2022', 'Q3 2022']);
    const years = prepareChartData(fixtureConfig(fixture('edge-dates-years')), await queryDuckDb(fixture('edge-dates-years').sql), chartLayout('thread_image'));
    expect(years.granularity).toBe('year');
    expect(years.points[0]!.label).toBe('2015');
    const unsorted = prepareChartData(fixtureConfig(fixture('edge-many-months-unsorted')), await queryDuckDb(fixture('edge-many-months-unsorted').sql), chartLayout('thread_image'));
    expect(unsorted.xKind).toBe('date');
    expect(unsorted.granularity).toBe('month');
    const times = unsorted.points.map((point) => point.x as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(unsorted.points[0]!.label).toBe('Jan 2023');
    for (const name of ['edge-dates-days', 'edge-dates-quarters', 'edge-dates-years', 'edge-many-months-unsorted']) {
      await expectReadable((await renderFixture(fixture(name))).png);
    }
  });

  it('detects granularity from alignment and spacing', () => {
    const parse = (values: unknown[]) => values.map((value) => parseDateValue(value)!);
    expect(detectGranularity(parse(['2024-01-01', '2024-02-01', '2024-03-01']))).toBe('month');
    expect(detectGranularity(parse(['2024-01-01', '2024-01-02']))).toBe('day');
    expect(detectGranularity(parse(['2024-01-01']))).toBe('day');
    expect(detectGranularity(parse(['2024-01-01 10:30:00', '2024-01-01 11:30:00']))).toBe('time');
    expect(detectGranularity(parse([2021, 2022]))).toBe('year');
    expect(detectGranularity(parse(['2024-Q1', '2024-Q2']))).toBe('quarter');
    expect(formatDate(Date.UTC(2024, 6, 1), 'quarter', true)).toBe('Q3 2024');
    expect(parseDateValue('2024-03-01T10:00:00+02:00')!.time).toBe(Date.UTC(2024, 2, 1, 8));
  });

  it('formats numbers with separators, compact units, prefix and suffix', () => {
    expect(formatNumber(1234567.891, undefined, { compact: false, decimals: 2 })).toBe('1,234,567.89');
    expect(formatNumber(1234, undefined, { compact: true, decimals: 1 })).toBe('1.2k');
    expect(formatNumber(3_400_000, { prefix: '$' }, { compact: true, decimals: 1 })).toBe('$3.4M');
    expect(formatNumber(-42_800, { prefix: '$' }, { compact: true, decimals: 1 })).toBe('−$42.8k');
    expect(formatNumber(12.5, { suffix: '%' }, { compact: false, decimals: 1 })).toBe('12.5%');
    expect(formatNumber(2.5e9, undefined, { compact: true, decimals: 1 })).toBe('2.5B');
  });
});

describe('bundled font', () => {
  it('is registered with canvas and used instead of a system fallback', () => {
    const context = createCanvas(10, 10).getContext('2d');
    context.font = '20px "A font that does not exist"';
    const fallback = context.measureText('Revenue by region 2024').width;
    registerChartFonts();
    context.font = '20px Inter';
    const inter = context.measureText('Revenue by region 2024').width;
    expect(inter).not.toBeCloseTo(fallback, 1);
  });
});
