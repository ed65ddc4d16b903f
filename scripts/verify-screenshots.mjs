// Renders two answers as Slack (Block Kit drawn as simple HTML) and Teams (the Adaptive Cards
// renderer) pages at chat width, for screenshots: an answer a verifier may verify (✓ Verify beside
// 👍/👎), and an answer whose SQL is a verified query ("✓ Verified query, by …" under the text). Both
// go through the real path: a TurnOutcome → planReply → each channel's renderReply.
//   node scripts/verify-screenshots.mjs OUT_DIR
//   chromium --headless --screenshot=OUT_DIR/slack-verify.png --window-size=480,700 file://OUT_DIR/slack-verify.html
// Teams draws its own 👍/👎 (the feedback loop) and "AI generated" label under a bot message, outside
// the card: the Teams pages draw that footer the way the client does, so the card sits in context.
import { createJiti } from 'jiti';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const jiti = createJiti(import.meta.url);
const root = join(import.meta.dirname, '..');
const outDir = process.argv[2] ?? join(root, 'screens');
mkdirSync(outDir, { recursive: true });
const { planReply } = await jiti.import('../src/conversations/reply-plan.ts');
const slack = await jiti.import('../src/channels/slack/render/render-reply.ts');
const teams = await jiti.import('../src/channels/teams/render/render-reply.ts');
const { verifiedSentence } = await jiti.import('../src/verified/answer-verification.ts');
const { contextBlock } = await jiti.import('../src/channels/slack/render/interactive-blocks.ts');
const { codeSections } = await jiti.import('../src/channels/slack/render/answer-blocks.ts');
const { escapeMrkdwn } = await jiti.import('../src/channels/slack/render/escape-mrkdwn.ts');
const { createCard, textBlock } = await jiti.import('../src/channels/teams/render/adaptive-card-types.ts');

const VERIFIED_SQL = `SELECT r.region_name, sum(l.quantity * l.unit_price * (1 - l.discount)) AS net_revenue
FROM order_lines l
JOIN orders o ON o.order_id = l.order_id
JOIN customers c ON c.customer_id = o.customer_id
JOIN regions r ON r.region_id = c.region_id
WHERE o.status <> 'cancelled'
GROUP BY r.region_name
ORDER BY net_revenue DESC`;
const columns = [
  { name: 'region_name', type: 'varchar' },
  { name: 'net_revenue', type: 'double' },
];
const rows = [
  ['Southeast', 98813.9465],
  ['West', 91207.412],
  ['Northeast', 84002.35],
  ['Midwest', 77690.1025],
  ['Southwest', 61288.77],
];

/** One answered turn on the demo warehouse: the query it ran, the result as a table, two follow-ups. */
function answeredOutcome(threadId, answerId, text, verifiedQuery) {
  const createdAt = new Date('2026-12-05T09:00:00Z');
  return {
    threadId,
    status: 'answered',
    text,
    charts: [],
    stories: [],
    queries: [{ queryId: 'query_r3g10n7x', databaseName: 'demo', sql: VERIFIED_SQL, rowCount: rows.length, durationMs: 41, refused: false, error: null }],
    tables: [{ queryId: 'query_r3g10n7x', databaseName: 'demo', sql: VERIFIED_SQL, createdAt, columns, rows, rowCount: rows.length, truncated: false, durationMs: 41 }],
    followUps: ['Break it down by month', 'Which products lead in the Southeast?'],
    answerId,
    ...(verifiedQuery ? { verifiedQuery } : {}),
  };
}

const verifyText = 'Net revenue by region, not counting cancelled orders: the **Southeast** leads with $98,814, ahead of the West ($91,207). The Southwest is last at $61,289.';
const verifiedText = 'Net revenue by region, not counting cancelled orders: the **Southeast** leads with $98,814, the Southwest is last at $61,289.';
const badge = { verifiedBy: 'Ana Souza', verifiedAt: '2026-11-02', sql: VERIFIED_SQL };
const answers = {
  verify: (platform) => planReply(answeredOutcome(`${platform}:C_SALES:1733.55`, 'answer_v1', verifyText)),
  verified: (platform) => planReply(answeredOutcome(`${platform}:C_SALES:1733.77`, 'answer_v2', verifiedText, badge)),
};

// What a verifier's click posts in the thread (verify-listener.ts / verify-click.ts build it so), and
// what Slack's Show SQL sends only to the clicker (query-action-listeners.ts builds it so).
const storedQuery = { id: 'vq_1', question: 'Net revenue by region?', paraphrases: [], sql: VERIFIED_SQL, databaseName: 'demo', verifiedBy: { platform: 'slack', userId: 'U_ANA', displayName: 'Ana Souza' }, verifiedAt: new Date('2026-11-02T10:00:00Z'), threadId: null };
const confirmation = verifiedSentence(storedQuery);
const slackConfirmation = { blocks: [contextBlock(escapeMrkdwn(confirmation))] };
const slackShowSql = { ephemeral: true, blocks: [contextBlock('SQL of `query_r3g10n7x`'), ...codeSections(VERIFIED_SQL)] };
const teamsConfirmation = createCard([textBlock(confirmation, { color: 'Good' })]);

const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** Slack mrkdwn as HTML: Slack's own escapes (&amp; &lt; &gt;) decoded, code fences kept verbatim, *bold* and _italic_ outside them. */
const unescapeSlack = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const inline = (t) =>
  esc(unescapeSlack(t))
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*([^*\n]+)\*/g, '<b>$1</b>')
    .replace(/(^|\s)_([^_\n]+)_/g, '$1<i>$2</i>')
    .replace(/\n/g, '<br>');
const mrkdwn = (t) =>
  t
    .split(/```/)
    .map((part, index) => (index % 2 === 1 ? `<pre>${esc(unescapeSlack(part.replace(/^\n/, '')))}</pre>` : inline(part)))
    .join('');

function slackBlock(block) {
  if (block.type === 'section') return `<div class="s">${mrkdwn(block.text.text)}</div>`;
  if (block.type === 'context') return `<div class="c">${block.elements.map((e) => mrkdwn(e.text)).join(' ')}</div>`;
  if (block.type === 'divider') return '<hr>';
  if (block.type === 'table') {
    const align = (column) => block.column_settings?.[column]?.align ?? 'left';
    return `<table>${block.rows.map((r, i) => `<tr>${r.map((c, column) => `<${i === 0 ? 'th' : 'td'} style="text-align:${align(column)}">${esc(c.text)}</${i === 0 ? 'th' : 'td'}>`).join('')}</tr>`).join('')}</table>`;
  }
  if (block.type === 'actions') return `<div class="a">${block.elements.map((b) => `<span class="b ${b.style ?? ''}">${esc(b.text.text)}</span>`).join('')}</div>`;
  if (block.type === 'context_actions') {
    // Slack draws feedback_buttons as two small icon buttons in a quiet row.
    return `<div class="fb">${block.elements.map((e) => `<span class="t" title="${esc(e.positive_button.accessibility_label)}">${esc(e.positive_button.text.text)}</span><span class="t" title="${esc(e.negative_button.accessibility_label)}">${esc(e.negative_button.text.text)}</span>`).join('')}</div>`;
  }
  return `<div class="unknown">[${esc(block.type)} block not drawn]</div>`;
}

/** The reply's messages, then `later` messages (a new post each: with the name line; a private one says "Only visible to you"). */
function slackHtml(plan, later = []) {
  const reply = slack.renderReply(plan, { offerCsv: true, offerFeedback: true, offerVerify: true });
  const messages = [...reply.messages, ...(reply.controls ? [reply.controls] : [])];
  const header = (time) => `<div class="n">datathread<span class="app">APP</span><small>${time}</small></div>`;
  const drawn = [
    ...messages.map((message, index) => `<div class="m">${index === 0 ? '<div class="av">D</div>' : '<div class="gap"></div>'}<div class="body">${index === 0 ? header('9:00 AM') : ''}${message.blocks.map(slackBlock).join('')}</div></div>`),
    ...later.map((message) => `<div class="m${message.ephemeral ? ' e' : ''}"><div class="av">D</div><div class="body">${message.ephemeral ? '<div class="only">👁 Only visible to you</div>' : ''}${header('9:02 AM')}${message.blocks.map(slackBlock).join('')}</div></div>`),
  ];
  return `<!doctype html><meta charset="utf-8"><style>
body{margin:0;font:15px/1.45 Lato,"Helvetica Neue",Arial,sans-serif;color:#1d1c1d;background:#fff;width:480px}
.m{display:flex;gap:8px;padding:6px 14px}.m:first-child{padding-top:12px}.av{width:36px;height:36px;border-radius:6px;background:#4a154b;color:#fff;font-weight:700;display:flex;align-items:center;justify-content:center;flex:none}.gap{width:36px;flex:none}
.body{min-width:0;flex:1}.n{font-weight:900}.n small{font-weight:400;color:#616061;font-size:12px;margin-left:6px}.app{background:#e8e8e8;color:#616061;font-size:10px;padding:1px 3px;border-radius:2px;margin-left:4px;font-weight:700}
.c{font-size:12px;color:#616061;margin:4px 0}.s{margin:6px 0}code{font:12px Menlo,monospace;color:#e01e5a;background:#f8f8f8;border:1px solid #ddd;border-radius:3px;padding:0 3px}
table{border-collapse:collapse;margin:8px 0;font-size:14px}th,td{border:1px solid #ddd;padding:4px 10px}th{font-weight:700;background:#f8f8f8}
.a{margin-top:8px;display:flex;flex-wrap:wrap;gap:8px}.b{border:1px solid #bbb;border-radius:4px;padding:3px 12px;font-weight:700;font-size:13px;white-space:nowrap}.b.danger{color:#e01e5a}.b.primary{background:#007a5a;border-color:#007a5a;color:#fff}
.e{background:#f8f8f8}.only{font-size:12px;color:#616061}pre{font:12px/1.4 Menlo,monospace;background:#f8f8f8;border:1px solid #ddd;border-radius:4px;padding:8px;margin:4px 0;white-space:pre-wrap}.fb{margin-top:6px;display:flex;gap:4px}.t{border:1px solid #ddd;border-radius:4px;padding:0 6px;font-size:13px}.unknown{color:#e01e5a}</style>
${drawn.join('')}`;
}

/** The reply's cards, then `later` cards (posted after a click). */
async function teamsHtml(plan, later = []) {
  const reply = await teams.renderReply(plan, { offerCsv: true, offerVerify: true });
  const cards = [...reply, ...later];
  const slots = (from, to) => cards.slice(from, to).map((_, index) => `<div class="w" id="c${from + index}"></div>`).join('');
  const hostConfig = {
    fontFamily: 'Segoe UI, Arial, sans-serif',
    containerStyles: { default: { foregroundColors: { default: { default: '#242424', subtle: '#616161' }, attention: { default: '#c4314b' }, good: { default: '#0e7a0b' } } } },
    actions: { actionsOrientation: 'horizontal', buttonSpacing: 8 },
  };
  return `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="file://${root}/node_modules/adaptivecards/dist/adaptivecards.css">
<style>body{margin:0;background:#f5f5f5;font-family:"Segoe UI",Arial,sans-serif;width:540px}.w{margin:6px 12px;background:#fff;border-radius:6px;box-shadow:0 1px 2px rgba(0,0,0,.15);padding:0;width:500px}
.n{font:600 13px "Segoe UI",Arial;color:#424242;padding:8px 12px 0}.foot{display:flex;align-items:center;gap:10px;margin:2px 14px 10px;font:12px "Segoe UI",Arial;color:#616161}.foot .ai{background:#ebebeb;border-radius:3px;padding:0 4px}.foot .t{font-size:14px}</style>
<div class="n">datathread · 9:00</div>${slots(0, reply.length)}
<div class="foot"><span class="ai">AI generated</span><span class="t" title="Teams feedback loop">👍</span><span class="t" title="Teams feedback loop">👎</span></div>
${later.length > 0 ? `<div class="n">datathread · 9:02</div>${slots(reply.length, cards.length)}` : ''}
<script src="file://${root}/node_modules/adaptivecards/dist/adaptivecards.js"></script>
<script>AdaptiveCards.AdaptiveCard.onProcessMarkdown=(t,r)=>{r.outputHtml=t.replace(/\\*\\*([^*]+)\\*\\*/g,'<b>$1</b>').replace(/\\[([^\\]]+)\\]\\(([^)]+)\\)/g,'<a href="$2">$1</a>');r.didProcess=true;};
${JSON.stringify(cards)}.forEach((card,index)=>{const a=new AdaptiveCards.AdaptiveCard();a.hostConfig=new AdaptiveCards.HostConfig(${JSON.stringify(hostConfig)});a.parse(card);document.getElementById('c'+index).appendChild(a.render());});</script>`;
}

const pages = [
  ['slack-verify', slackHtml(answers.verify('slack'))],
  ['slack-verified', slackHtml(answers.verified('slack'))],
  ['teams-verify', await teamsHtml(answers.verify('teams'))],
  ['teams-verified', await teamsHtml(answers.verified('teams'))],
  // After a verifier's click: the confirmation in the thread.
  ['slack-verify-clicked', slackHtml(answers.verify('slack'), [slackConfirmation])],
  ['teams-verify-clicked', await teamsHtml(answers.verify('teams'), [teamsConfirmation])],
  // The verified answer's SQL behind Show SQL (Slack sends it only to the clicker).
  ['slack-verified-show-sql', slackHtml(answers.verified('slack'), [slackShowSql])],
];
for (const [name, html] of pages) {
  writeFileSync(join(outDir, `${name}.html`), html);
}
