// Renders a schedule proposal's confirmation, before and after Confirm, as Slack (Block Kit drawn as
// simple HTML) and Teams (the Adaptive Cards renderer) pages at chat width, for screenshots:
//   node scripts/schedule-confirmation-screenshots.mjs OUT_DIR
//   chromium --headless --screenshot=OUT_DIR/slack-confirmation.png --window-size=480,400 file://OUT_DIR/slack-confirmation.html
import { createJiti } from 'jiti';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const jiti = createJiti(import.meta.url);
const root = join(import.meta.dirname, '..');
const outDir = process.argv[2] ?? join(root, 'screens');
mkdirSync(outDir, { recursive: true });
const { scheduleConfirmationBlocks, scheduleConfirmationBlockId, scheduleConfirmationHintBlockId } = await jiti.import('../src/channels/slack/schedules/schedule-confirmation-blocks.ts');
const { replaceActionsBlock } = await jiti.import('../src/channels/slack/actions/disable-buttons.ts');
const { scheduleConfirmationCard, scheduleDecidedCard } = await jiti.import('../src/channels/teams/schedules/schedule-confirmation-card.ts');
const { describeSchedule } = await jiti.import('../src/schedules/describe-schedule.ts');
const { SCHEDULE_PROPOSAL_SENTENCES } = await jiti.import('../src/schedules/schedule-proposal-decisions.ts');
const summary = describeSchedule({ cron: '0 9 * * 1', timeZone: 'Europe/Berlin', what: 'the Revenue by region chart', where: 'in this thread', now: new Date('2026-12-03T18:00:00Z') });
const note = { proposalId: 'proposal_k2m9x4qa', summary, ownerName: 'Ana Lima' };
const decided = `→ ${SCHEDULE_PROPOSAL_SENTENCES.scheduled(summary, 'schedule_7fq2c81z')}`;
const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const mrkdwn = (t) => esc(t).replace(/:calendar:/g, '📅').replace(/\*([^*]+)\*/g, '<b>$1</b>');
function slackHtml(blocks) {
  const parts = blocks.map((block) => {
    if (block.type === 'context') return `<div class="c">${block.elements.map((e) => mrkdwn(e.text)).join(' ')}</div>`;
    if (block.type === 'section') return `<div class="s">${mrkdwn(block.text.text)}</div>`;
    if (block.type === 'actions') return `<div class="a">${block.elements.map((b) => `<span class="b ${b.style ?? ''}">${esc(b.text.text)}</span>`).join('')}</div>`;
    return '';
  });
  return `<!doctype html><meta charset="utf-8"><style>
body{margin:0;font:15px/1.45 Lato,"Helvetica Neue",Arial,sans-serif;color:#1d1c1d;background:#fff;width:480px}
.m{display:flex;gap:8px;padding:12px 14px}.av{width:36px;height:36px;border-radius:6px;background:#4a154b;color:#fff;font-weight:700;display:flex;align-items:center;justify-content:center;flex:none}
.n{font-weight:900}.n small{font-weight:400;color:#616061;font-size:12px;margin-left:6px}.app{background:#e8e8e8;color:#616061;font-size:10px;padding:1px 3px;border-radius:2px;margin-left:4px;font-weight:700}
.c{font-size:12px;color:#616061;margin:4px 0}.s{margin:6px 0}
.a{margin-top:8px;display:flex;gap:8px}.b{border:1px solid #bbb;border-radius:4px;padding:3px 12px;font-weight:700;font-size:13px}.b.primary{background:#007a5a;border-color:#007a5a;color:#fff}.b.danger{color:#e01e5a}</style>
<div class="m"><div class="av">D</div><div><div class="n">datathread<span class="app">APP</span><small>6:00 PM</small></div><div class="s">Confirm it below and it starts.</div>${parts.join('')}</div></div>`;
}
function teamsHtml(card) {
  return `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="file://${root}/node_modules/adaptivecards/dist/adaptivecards.css">
<style>body{margin:0;background:#f5f5f5;font-family:"Segoe UI",Arial,sans-serif;width:540px}.w{margin:12px;background:#fff;border-radius:6px;box-shadow:0 1px 2px rgba(0,0,0,.15);padding:0;width:500px}.n{font:600 13px "Segoe UI",Arial;color:#424242;padding:8px 12px 0}</style>
<div class="n">datathread · 18:00</div><div class="w" id="c"></div>
<script src="file://${root}/node_modules/adaptivecards/dist/adaptivecards.js"></script>
<script>const a=new AdaptiveCards.AdaptiveCard();a.hostConfig=new AdaptiveCards.HostConfig({fontFamily:'Segoe UI, Arial, sans-serif',containerStyles:{default:{foregroundColors:{default:{default:'#242424',subtle:'#616161'}}}},actions:{actionsOrientation:'horizontal',buttonSpacing:8}});
AdaptiveCards.AdaptiveCard.onProcessMarkdown=(t,r)=>{r.outputHtml=t.replace(/\\*\\*([^*]+)\\*\\*/g,'<b>$1</b>');r.didProcess=true;};
a.parse(${JSON.stringify(card)});document.getElementById('c').appendChild(a.render());</script>`;
}
const blocks = scheduleConfirmationBlocks('slack:T1:C_SALES:100.1', note);
const pages = [
  ['slack-confirmation', slackHtml(blocks)],
  // As the click listener redraws it: the who-may-confirm line goes with the buttons.
  ['slack-confirmed', slackHtml(replaceActionsBlock(blocks.filter((block) => block.block_id !== scheduleConfirmationHintBlockId(note.proposalId)), scheduleConfirmationBlockId(note.proposalId), decided))],
  ['teams-confirmation', teamsHtml(scheduleConfirmationCard(note))],
  ['teams-confirmed', teamsHtml(scheduleDecidedCard(SCHEDULE_PROPOSAL_SENTENCES.scheduled(summary, 'schedule_7fq2c81z')))],
];
for (const [name, html] of pages) writeFileSync(join(outDir, `${name}.html`), html);
