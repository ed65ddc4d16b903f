// Draws query results the way a Slack thread shows a `data_table` block, as PNGs to look at:
// a 100-row and a 20-column result, each at 400 and 800 px wide (a phone-width thread pane and a
// desktop one). The blocks come from the real path (a TurnOutcome → planReply → the Slack
// renderReply); only the drawing is ours. Slack's Block Kit Builder cannot be reached from here and
// no browser is installed, so the drawing uses canvas (the charts' @napi-rs/canvas). It draws what
// the data-table-block reference says the client offers (a caption, sorting, filtering, pages of
// `page_size` rows) in a layout of our own: caption above, a filter box, sortable headers, one
// page, a pager, a table wider than the message scrolling sideways. Slack's own styling (fonts,
// colours, column widths, where numbers align) is approximated, not known.
//   node scripts/data-table-screenshots.mjs OUT_DIR   (writes <case>-400.png, <case>-800.png and <case>.blocks.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createJiti } from 'jiti';
import { createCanvas, GlobalFonts } from 'canvas';

const jiti = createJiti(import.meta.url);
const root = join(import.meta.dirname, '..');
const outDir = process.argv[2] ?? join(root, 'screens');
mkdirSync(outDir, { recursive: true });
const { planReply } = await jiti.import('../src/conversations/reply-plan.ts');
const { renderReply } = await jiti.import('../src/channels/slack/render/render-reply.ts');
GlobalFonts.registerFromPath(join(root, 'assets/fonts/Inter-Regular.otf'), 'Lato');
GlobalFonts.registerFromPath(join(root, 'assets/fonts/Inter-SemiBold.otf'), 'Lato');

const SCALE = 2;
const FONT = 'Lato';
const GUTTER_PX = 60;
const RIGHT_PX = 16;
const CELL_PADDING_PX = 10;
const ROW_HEIGHT_PX = 32;
const MAX_COLUMN_PX = 220;

function outcome(text, columns, rows) {
  const table = { queryId: 'query_demo', databaseName: 'warehouse', sql: 'SELECT …', columns, rows, rowCount: rows.length, truncated: false, durationMs: 120, createdAt: new Date(0) };
  return {
    threadId: 'slack:T1:C1:1.1',
    status: 'answered',
    text,
    charts: [],
    stories: [],
    queries: [{ queryId: table.queryId, databaseName: table.databaseName, sql: table.sql, rowCount: rows.length, durationMs: 120, refused: false, error: null }],
    tables: [table],
    followUps: [],
  };
}

const REGIONS = ['Northeast', 'Southeast', 'Midwest', 'Southwest', 'West', 'Pacific Northwest', 'Mountain', 'Great Lakes'];
const hundredRows = Array.from({ length: 100 }, (_unused, index) => [
  `${REGIONS[index % REGIONS.length]} store ${String(index + 1).padStart(3, '0')}`,
  Math.round((250_000 - index * 1_913.37) * 100) / 100,
  1_200 - index * 7,
  Math.round(((index * 37) % 100) / 10) / 100 + 0.02,
  `2026-0${(index % 9) + 1}-15`,
]);
const hundredColumns = [
  { name: 'store', type: 'varchar' },
  { name: 'net_revenue', type: 'double' },
  { name: 'orders', type: 'bigint' },
  { name: 'return_rate', type: 'double' },
  { name: 'first_order_day', type: 'date' },
];
const wideColumns = [{ name: 'region', type: 'varchar' }, ...Array.from({ length: 19 }, (_unused, index) => ({ name: `week_${String(index + 1).padStart(2, '0')}_units`, type: 'integer' }))];
const wideRows = REGIONS.slice(0, 6).map((region, row) => [region, ...Array.from({ length: 19 }, (_unused, index) => 900 + ((row + 3) * (index + 5) * 37) % 4_000)]);

const cases = [
  { name: 'data-table-100-rows', outcome: outcome('Net revenue by store, best first:', hundredColumns, hundredRows) },
  { name: 'data-table-20-columns', outcome: outcome('Weekly units by region:', wideColumns, wideRows) },
];

for (const { name, outcome: turn } of cases) {
  const reply = renderReply(planReply(turn), { offerCsv: true });
  const blocks = [...reply.messages, ...(reply.controls ? [reply.controls] : [])].flatMap((message) => message.blocks);
  writeFileSync(join(outDir, `${name}.blocks.json`), JSON.stringify(blocks, null, 2));
  for (const widthPx of [400, 800]) {
    const png = drawMessage(blocks, widthPx);
    writeFileSync(join(outDir, `${name}-${widthPx}.png`), png);
    console.log(join(outDir, `${name}-${widthPx}.png`));
  }
}

function drawMessage(blocks, widthPx) {
  const heightPx = 80 + blocks.reduce((sum, block) => sum + blockHeight(block), 0);
  const canvas = createCanvas(widthPx * SCALE, heightPx * SCALE);
  const context = canvas.getContext('2d');
  context.scale(SCALE, SCALE);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, widthPx, heightPx);
  // Avatar and name, as a bot message in a thread.
  context.fillStyle = '#1d3b5c';
  roundRect(context, 16, 12, 36, 36, 6);
  context.fill();
  context.fillStyle = '#1d1c1d';
  context.font = `600 15px ${FONT}`;
  context.fillText('datathread', GUTTER_PX, 26);
  context.fillStyle = '#616061';
  context.font = `12px ${FONT}`;
  context.fillText('APP  10:42 AM', GUTTER_PX + context.measureText('datathread').width + 60, 26);
  let y = 36;
  for (const block of blocks) y = drawBlock(context, block, y, widthPx);
  return canvas.toBuffer('image/png');
}

function blockHeight(block) {
  if (block.type === 'data_table') return 48 + 40 + ROW_HEIGHT_PX * (1 + Math.min(block.page_size ?? 5, block.rows.length - 1)) + 44 + 20;
  if (block.type === 'actions' || block.type === 'context_actions') return 44;
  return 40;
}

function drawBlock(context, block, y, widthPx) {
  switch (block.type) {
    case 'section':
      context.fillStyle = '#1d1c1d';
      context.font = `15px ${FONT}`;
      context.fillText(block.text.text.replace(/[*_]/g, ''), GUTTER_PX, y + 20);
      return y + 30;
    case 'context':
      context.fillStyle = '#616061';
      context.font = `12px ${FONT}`;
      context.fillText(block.elements.map((element) => element.text).join(' '), GUTTER_PX, y + 18);
      return y + 28;
    case 'actions':
      return drawButtons(context, block.elements.map((element) => element.text.text), y);
    case 'context_actions':
      return drawButtons(context, ['👍', '👎'], y);
    case 'data_table':
      return drawDataTable(context, block, y, widthPx);
    default:
      return y;
  }
}

function drawButtons(context, labels, y) {
  let x = GUTTER_PX;
  context.font = `600 13px ${FONT}`;
  for (const label of labels) {
    const width = context.measureText(label).width + 24;
    context.strokeStyle = '#c9c9c9';
    context.lineWidth = 1;
    roundRect(context, x, y + 6, width, 28, 4);
    context.stroke();
    context.fillStyle = '#1d1c1d';
    context.fillText(label, x + 12, y + 25);
    x += width + 8;
  }
  return y + 42;
}

function drawDataTable(context, block, y, widthPx) {
  const available = widthPx - GUTTER_PX - RIGHT_PX;
  const pageSize = block.page_size ?? 5;
  const page = block.rows.slice(1, 1 + pageSize);
  const header = block.rows[0];
  context.font = `13px ${FONT}`;
  const widths = header.map((cell, column) => {
    context.font = `600 13px ${FONT}`;
    let width = context.measureText(cell.text).width + 18; // room for the sort arrow
    context.font = `13px ${FONT}`;
    for (const row of page) width = Math.max(width, context.measureText(row[column].text).width);
    return Math.min(MAX_COLUMN_PX, width + CELL_PADDING_PX * 2);
  });
  const fullWidth = widths.reduce((sum, width) => sum + width, 0);
  const shown = Math.min(available, fullWidth);

  // Caption (the HTML caption element) and the filter box above the table.
  context.fillStyle = '#1d1c1d';
  context.font = `600 13px ${FONT}`;
  for (const line of wrapText(context, block.caption, available)) {
    context.fillText(line, GUTTER_PX, y + 18);
    y += 18;
  }
  y += 10;
  context.strokeStyle = '#d8d8d8';
  roundRect(context, GUTTER_PX, y, Math.min(220, available), 28, 6);
  context.stroke();
  context.fillStyle = '#8a8a8a';
  context.font = `13px ${FONT}`;
  context.fillText('⌕  Filter rows', GUTTER_PX + 10, y + 18);
  y += 38;

  context.save();
  context.beginPath();
  context.rect(GUTTER_PX, y, shown, ROW_HEIGHT_PX * (page.length + 1) + 1);
  context.clip();
  const tableTop = y;
  [header, ...page].forEach((row, rowIndex) => {
    let x = GUTTER_PX;
    const top = tableTop + rowIndex * ROW_HEIGHT_PX;
    context.fillStyle = rowIndex === 0 ? '#f8f8f8' : '#ffffff';
    context.fillRect(GUTTER_PX, top, fullWidth, ROW_HEIGHT_PX);
    row.forEach((cell, column) => {
      const width = widths[column];
      context.font = rowIndex === 0 ? `600 13px ${FONT}` : `13px ${FONT}`;
      context.fillStyle = '#1d1c1d';
      const text = fitText(context, cell.text, width - CELL_PADDING_PX * 2 - (rowIndex === 0 ? 14 : 0));
      const numeric = cell.type === 'raw_number' || (rowIndex === 0 && page.every((candidate) => candidate[column].type === 'raw_number'));
      const textWidth = context.measureText(text).width;
      const textX = numeric ? x + width - CELL_PADDING_PX - textWidth - (rowIndex === 0 ? 14 : 0) : x + CELL_PADDING_PX;
      context.fillText(text, textX, top + 21);
      if (rowIndex === 0) {
        context.fillStyle = '#8a8a8a';
        context.font = `10px ${FONT}`;
        context.fillText('⇅', x + width - CELL_PADDING_PX - 10, top + 20);
      }
      context.strokeStyle = '#e8e8e8';
      context.beginPath();
      context.moveTo(x, top + ROW_HEIGHT_PX - 0.5);
      context.lineTo(x + width, top + ROW_HEIGHT_PX - 0.5);
      context.stroke();
      x += width;
    });
  });
  context.restore();
  context.strokeStyle = '#d8d8d8';
  roundRect(context, GUTTER_PX, tableTop, shown, ROW_HEIGHT_PX * (page.length + 1), 6);
  context.stroke();
  y = tableTop + ROW_HEIGHT_PX * (page.length + 1);
  if (fullWidth > available) {
    // The sideways scrollbar of a table wider than the message.
    context.fillStyle = '#e8e8e8';
    context.fillRect(GUTTER_PX, y + 4, available, 6);
    context.fillStyle = '#9a9a9a';
    context.fillRect(GUTTER_PX, y + 4, Math.max(24, (available * available) / fullWidth), 6);
    y += 12;
  }
  const total = block.rows.length - 1;
  context.fillStyle = '#616061';
  context.font = `12px ${FONT}`;
  const pager = total > pageSize ? `1–${page.length} of ${total}    ‹  Page 1 of ${Math.ceil(total / pageSize)}  ›` : `${total} ${total === 1 ? 'row' : 'rows'}`;
  context.fillText(pager, GUTTER_PX, y + 24);
  return y + 40;
}

function wrapText(context, text, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && context.measureText(candidate).width > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  return [...lines, line];
}

function fitText(context, text, maxWidth) {
  if (context.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function roundRect(context, x, y, width, height, radius) {
  context.beginPath();
  context.moveTo(x + radius, y);
  context.arcTo(x + width, y, x + width, y + height, radius);
  context.arcTo(x + width, y + height, x, y + height, radius);
  context.arcTo(x, y + height, x, y, radius);
  context.arcTo(x, y, x + width, y, radius);
  context.closePath();
}
