// Renders a scheduled report, an alert, a scheduled story and the report after Pause as Slack (Block Kit drawn as simple
// HTML) and Teams (the Adaptive Cards renderer) pages at chat width, with a real chart PNG, for screenshots:
//   node scripts/schedule-screenshots.mjs OUT_DIR
//   chromium --headless --screenshot=OUT_DIR/slack-report.png --window-size=480,900 file://OUT_DIR/slack-report.html
import { createJiti } from 'jiti';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
const jiti = createJiti(import.meta.url);
const root = join(import.meta.dirname, '..');
const outDir = process.argv[2] ?? join(root, 'screens');
mkdirSync(outDir, { recursive: true });
const { scheduledPostBlocks } = await jiti.import('../src/channels/slack/schedules/scheduled-post-blocks.ts');
const { scheduledPostCard } = await jiti.import('../src/channels/teams/schedules/scheduled-post-card.ts');
const slackControls = await jiti.import('../src/channels/slack/schedules/schedule-manage-controls.ts');
const teamsControls = await jiti.import('../src/channels/teams/schedules/schedule-manage-controls.ts');
const { scheduleTimeModal } = await jiti.import('../src/channels/slack/schedules/schedule-manage-time-form.ts');
const { renderScheduledCharts } = await jiti.import('../src/schedules/render-scheduled-charts.ts');
const { closeSharedChartRenderPool } = await jiti.import('../src/charts/chart-render-pool.ts');
const { scheduledStoryBlocks } = await jiti.import('../src/channels/slack/schedules/scheduled-story-blocks.ts');
const { scheduledStoryElements } = await jiti.import('../src/channels/teams/schedules/scheduled-story-elements.ts');
const { scheduledReport, scheduledAlert, scheduledStory } = await jiti.import('../test/schedules/scheduled-post-sample.ts');
const chart = { query_id: 'query_revenue1', chart_type: 'bar', x_axis_key: 'region', x_axis_type: 'category', series: [{ data_key: 'revenue', label: 'Revenue' }], title: 'Revenue by region' };
const report = scheduledReport();
const [drawn] = await renderScheduledCharts([{ queryId: 'query_revenue1', databaseName: 'warehouse', sql: '', chart }], report.results);
report.charts = [drawn];
// A story's charts are uploaded unshared and shown by file id: this stand-in keeps the PNG per id.
const storyPost = scheduledStory();
const storyFiles = new Map();
const uploadingClient = { filesUploadV2: async ({ file }) => { const id = `F${storyFiles.size + 1}`; storyFiles.set(id, file); return { files: [{ files: [{ id }] }] }; } };
const slackStoryBlocks = await scheduledStoryBlocks(uploadingClient, storyPost.scheduleId, storyPost.story);
const teamsStoryElements = await scheduledStoryElements(storyPost, storyPost.story);
await closeSharedChartRenderPool();
const alert = scheduledAlert();
const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const mrkdwn = (t) => esc(t).replace(/&lt;(https?:[^|]+)\|([^>]+)>/g, '<a href="$1">$2</a>').replace(/&lt;@U_OWNER>/g, '<a>@Olga Owner</a>').replace(/\*([^*]+)\*/g, '<b>$1</b>');
function slackHtml(post, changeBlocks = (blocks) => blocks, storyBlocks = []) {
  const message = scheduledPostBlocks(post, storyBlocks);
  const parts = changeBlocks(message.blocks).map((block) => {
    if (block.type === 'header') return `<div class="h">${esc(block.text.text)}</div>`;
    if (block.type === 'context') return `<div class="c">${block.elements.map((e) => mrkdwn(e.text)).join(' ')}</div>`;
    if (block.type === 'section') return `<div class="s">${mrkdwn(block.text.text)}</div>`;
    if (block.type === 'table') return `<table>${block.rows.map((r, i) => `<tr>${r.map((c) => (i === 0 ? `<th>${esc(c.text)}</th>` : `<td>${esc(c.text)}</td>`)).join('')}</tr>`).join('')}</table>`;
    if (block.type === 'image') return `<div class="f"><div class="ft">${esc(block.title?.text ?? '')}</div><img src="data:image/png;base64,${storyFiles.get(block.slack_file.id).toString('base64')}"></div>`;
    if (block.type === 'actions') return `<div class="a">${block.elements.map((b) => `<span class="b ${b.style ?? ''}">${esc(b.text.text)}</span>`).join('')}</div>`;
    return '';
  });
  const uploads = message.uploads.map((u) => `<div class="f"><div class="ft">${esc(u.title)}</div><img src="data:image/png;base64,${u.png.toString('base64')}"></div>`);
  return `<!doctype html><meta charset="utf-8"><style>
body{margin:0;font:15px/1.45 Lato,"Helvetica Neue",Arial,sans-serif;color:#1d1c1d;background:#fff;width:480px}
.m{display:flex;gap:8px;padding:12px 14px}.av{width:36px;height:36px;border-radius:6px;background:#4a154b;color:#fff;font-weight:700;display:flex;align-items:center;justify-content:center;flex:none}
.n{font-weight:900}.n small{font-weight:400;color:#616061;font-size:12px;margin-left:6px}.app{background:#e8e8e8;color:#616061;font-size:10px;padding:1px 3px;border-radius:2px;margin-left:4px;font-weight:700}
.h{font-size:18px;font-weight:900;margin:4px 0}.c{font-size:12px;color:#616061;margin:4px 0}.c a,.s a{color:#1264a3;text-decoration:none}.s{margin:6px 0}
table{border-collapse:collapse;margin:8px 0;font-size:14px}th,td{border:1px solid #ddd;padding:4px 10px;text-align:left}th{font-weight:700;background:#f8f8f8}
.a{margin-top:8px;display:flex;gap:8px}.b{border:1px solid #bbb;border-radius:4px;padding:3px 12px;font-weight:700;font-size:13px}.b.danger{color:#e01e5a}.b.primary{background:#007a5a;border-color:#007a5a;color:#fff}
.f{margin-top:8px}.ft{font-size:12px;color:#616061}.f img{width:360px;border:1px solid #ddd;border-radius:8px}</style>
<div class="m"><div class="av">D</div><div><div class="n">datathread<span class="app">APP</span><small>9:00 AM</small></div>${parts.join('')}${uploads.join('')}</div></div>`;
}
/** The Edit time modal as Slack lays a modal out: title bar, labelled inputs with their hints, Cancel / Save. */
function slackModalHtml(schedule) {
  const view = scheduleTimeModal(schedule, { scheduleId: report.scheduleId, channel: 'C_SALES', message: '1.1' });
  const inputs = view.blocks.map((block) => `<label>${esc(block.label.text)}</label><div class="i">${esc(block.element.initial_value)}</div><div class="hint">${esc(block.hint.text)}</div>`);
  return `<!doctype html><meta charset="utf-8"><style>
body{margin:0;font:15px/1.45 Lato,"Helvetica Neue",Arial,sans-serif;color:#1d1c1d;background:#888;width:520px}.v{margin:16px;background:#fff;border-radius:8px;width:488px}
.t{font-size:20px;font-weight:900;padding:16px 20px;border-bottom:1px solid #ddd}.b{padding:12px 20px}label{display:block;font-weight:700;margin-top:12px}
.i{border:1px solid #888;border-radius:4px;padding:8px 10px;margin-top:6px}.hint{font-size:13px;color:#616061;margin-top:4px}
.f{display:flex;justify-content:flex-end;gap:8px;padding:14px 20px;border-top:1px solid #ddd}.f span{border:1px solid #bbb;border-radius:4px;padding:4px 14px;font-weight:700}.f .s{background:#007a5a;border-color:#007a5a;color:#fff}</style>
<div class="v"><div class="t">${esc(view.title.text)}</div><div class="b">${inputs.join('')}</div><div class="f"><span>${esc(view.close.text)}</span><span class="s">${esc(view.submit.text)}</span></div></div>`;
}
function teamsHtml(post, changeCard = (card) => card, openAction = '', storyElements = []) {
  const card = changeCard(scheduledPostCard(post, storyElements));
  return `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="file://${root}/node_modules/adaptivecards/dist/adaptivecards.css">
<style>body{margin:0;background:#f5f5f5;font-family:"Segoe UI",Arial,sans-serif;width:540px}.w{margin:12px;background:#fff;border-radius:6px;box-shadow:0 1px 2px rgba(0,0,0,.15);padding:0;width:500px}.n{font:600 13px "Segoe UI",Arial;color:#424242;padding:8px 12px 0}</style>
<div class="n">datathread · 9:00</div><div class="w" id="c"></div>
<script src="file://${root}/node_modules/adaptivecards/dist/adaptivecards.js"></script>
<script>const a=new AdaptiveCards.AdaptiveCard();a.hostConfig=new AdaptiveCards.HostConfig({fontFamily:'Segoe UI, Arial, sans-serif',containerStyles:{default:{foregroundColors:{default:{default:'#242424',subtle:'#616161'},attention:{default:'#c4314b'}}}},actions:{actionsOrientation:'horizontal',buttonSpacing:8}});
AdaptiveCards.AdaptiveCard.onProcessMarkdown=(t,r)=>{r.outputHtml=t.replace(/\\*\\*([^*]+)\\*\\*/g,'<b>$1</b>').replace(/\\[([^\\]]+)\\]\\(([^)]+)\\)/g,'<a href="$2">$1</a>');r.didProcess=true;};
a.parse(${JSON.stringify(card)});document.getElementById('c').appendChild(a.render());
[...document.querySelectorAll('button')].find((b)=>b.textContent.trim()===${JSON.stringify(openAction)})?.click();</script>`;
}
report.time = { cron: '0 9 * * 1', timeZone: 'Europe/Berlin' };
const slackPaused = (blocks) => slackControls.withScheduleStatus(blocks, report.scheduleId, 'Paused by <@U_OWNER>', 'paused');
const teamsPaused = (card) => teamsControls.withScheduleStatus(card, report.scheduleId, 'Paused by Olga Owner', 'paused', report.time);
const pages = [
  ['slack-report', slackHtml(report)],
  ['slack-alert', slackHtml(alert)],
  ['slack-story', slackHtml(storyPost, undefined, slackStoryBlocks)],
  ['slack-report-paused', slackHtml(report, slackPaused)],
  ['slack-edit-time', slackModalHtml({ title: report.title, ...report.time })],
  ['teams-report', teamsHtml(report)],
  ['teams-alert', teamsHtml(alert)],
  ['teams-story', teamsHtml(storyPost, undefined, '', teamsStoryElements)],
  ['teams-report-paused', teamsHtml(report, teamsPaused)],
  // The Edit time form and the Delete confirm step, opened under the card as a click opens them.
  ['teams-report-edit-time', teamsHtml(report, undefined, 'Edit time')],
  ['teams-report-delete', teamsHtml(report, undefined, 'Delete')],
];
for (const [name, html] of pages) {
  writeFileSync(join(outDir, `${name}.html`), html);
}
