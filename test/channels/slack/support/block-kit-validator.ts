// A small Block Kit validator for tests: Slack's limits and required fields, applied to every
// message the fake Slack API receives. It returns problems as sentences so a failure says why.
const LIMITS = {
  blocks: 50,
  sectionText: 3_000,
  sectionFields: 10,
  fieldText: 2_000,
  contextElements: 10,
  contextText: 3_000,
  markdownBlock: 12_000,
  buttonText: 75,
  buttonValue: 2_000,
  actionId: 255,
  blockId: 255,
  actionsElements: 25,
  tableRows: 100,
  tableCells: 20,
  tablesPerMessage: 1,
  tableCharacters: 10_000,
  dataTableRows: 101,
  dataTableColumns: 20,
  dataTablePageSize: 100,
  messageText: 40_000,
  headerText: 150,
  imageText: 2_000,
  imageUrl: 3_000,
  metadataEventType: 255,
  buttonUrl: 3_000,
  homeViewBlocks: 100,
  contextActionsElements: 5,
  modalTitle: 24,
  privateMetadata: 3_000,
  inputLabel: 2_000,
  plainTextInput: 3_000,
  inputHint: 2_000,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
};

/** Slack file ids as Slack's schema checks them (`invalid_blocks` otherwise). */
const SLACK_FILE_ID = /^F[A-Z0-9]{8,}$/;

type Json = Record<string, unknown>;

export function validateSlackMessage(args: Json): string[] {
  const problems: string[] = [];
  const blocks = args.blocks as Json[] | undefined;
  const text = args.text as string | undefined;
  if ((text === undefined || text === '') && (!blocks || blocks.length === 0)) problems.push('message has neither text nor blocks');
  if (text !== undefined && text.length > LIMITS.messageText) problems.push(`text is ${text.length} characters (max ${LIMITS.messageText})`);
  if (args.metadata !== undefined) problems.push(...validateMetadata(args.metadata));
  if (!blocks) return problems;
  return [...problems, ...validateBlocks(blocks, LIMITS.blocks)];
}

/** views.publish: a Home tab view (type `home`, up to 100 blocks, the same block rules). */
export function validateHomeView(args: Json): string[] {
  const problems: string[] = [];
  if (typeof args.user_id !== 'string' || args.user_id === '') problems.push('views.publish needs user_id');
  const view = args.view as Json | undefined;
  if (typeof view !== 'object' || view === null) return [...problems, 'views.publish needs a view object'];
  if (view.type !== 'home') problems.push(`view type ${String(view.type)} is not home`);
  const blocks = view.blocks as Json[] | undefined;
  if (!Array.isArray(blocks) || blocks.length === 0) return [...problems, 'view needs blocks'];
  return [...problems, ...validateBlocks(blocks, LIMITS.homeViewBlocks)];
}

function validateBlocks(blocks: Json[], maxBlocks: number): string[] {
  if (!Array.isArray(blocks)) return ['blocks is not an array'];
  const problems: string[] = [];
  if (blocks.length > maxBlocks) problems.push(`${blocks.length} blocks (max ${maxBlocks})`);
  const blockIds = new Set<string>();
  const actionIds = new Set<string>();
  let tables = 0;
  blocks.forEach((block, index) => {
    const where = `block ${index} (${String(block.type)})`;
    if (typeof block.block_id === 'string') {
      if (block.block_id.length > LIMITS.blockId) problems.push(`${where}: block_id too long`);
      if (blockIds.has(block.block_id)) problems.push(`${where}: duplicate block_id ${block.block_id}`);
      blockIds.add(block.block_id);
    }
    switch (block.type) {
      case 'section':
        problems.push(...validateSection(block, where, actionIds));
        break;
      case 'header':
        problems.push(...validateTextObject(block.text, where, LIMITS.headerText, ['plain_text']));
        break;
      case 'image':
        problems.push(...validateImage(block, where));
        break;
      case 'context':
        problems.push(...validateContext(block, where));
        break;
      case 'actions':
        problems.push(...validateActions(block, where, actionIds));
        break;
      case 'table':
        tables += 1;
        problems.push(...validateTable(block, where));
        break;
      case 'data_table':
        tables += 1;
        problems.push(...validateDataTable(block, where));
        break;
      case 'markdown':
        if (typeof block.text !== 'string' || block.text.length === 0 || block.text.length > LIMITS.markdownBlock) problems.push(`${where}: text must be 1..${LIMITS.markdownBlock} characters`);
        break;
      case 'context_actions':
        problems.push(...validateContextActions(block, where, actionIds));
        break;
      case 'divider':
        break;
      default:
        problems.push(`${where}: unknown block type`);
    }
  });
  if (tables > LIMITS.tablesPerMessage) problems.push(`${tables} table blocks in one message (max ${LIMITS.tablesPerMessage})`);
  return problems;
}

function validateTextObject(value: unknown, where: string, maxLength: number, types: string[]): string[] {
  const text = value as Json | undefined;
  if (!text || typeof text !== 'object') return [`${where}: missing text object`];
  if (!types.includes(String(text.type))) return [`${where}: text type ${String(text.type)} not in ${types.join('/')}`];
  if (typeof text.text !== 'string' || text.text.length === 0) return [`${where}: empty text`];
  if (text.text.length > maxLength) return [`${where}: text is ${text.text.length} characters (max ${maxLength})`];
  return [];
}

function validateSection(block: Json, where: string, actionIds: Set<string>): string[] {
  const problems: string[] = [];
  if (block.accessory !== undefined) problems.push(...validateButton(block.accessory as Json, `${where} accessory`, actionIds));
  if (block.text === undefined && block.fields === undefined) problems.push(`${where}: needs text or fields`);
  if (block.text !== undefined) problems.push(...validateTextObject(block.text, where, LIMITS.sectionText, ['mrkdwn', 'plain_text']));
  if (block.fields !== undefined) {
    const fields = block.fields as unknown[];
    if (fields.length > LIMITS.sectionFields) problems.push(`${where}: too many fields`);
    fields.forEach((field, index) => problems.push(...validateTextObject(field, `${where} field ${index}`, LIMITS.fieldText, ['mrkdwn', 'plain_text'])));
  }
  return problems;
}

function validateContext(block: Json, where: string): string[] {
  const elements = block.elements as unknown[] | undefined;
  if (!Array.isArray(elements) || elements.length === 0 || elements.length > LIMITS.contextElements) return [`${where}: needs 1..${LIMITS.contextElements} elements`];
  return elements.flatMap((element, index) => validateTextObject(element, `${where} element ${index}`, LIMITS.contextText, ['mrkdwn', 'plain_text']));
}

function validateActions(block: Json, where: string, actionIds: Set<string>): string[] {
  const elements = block.elements as Json[] | undefined;
  if (!Array.isArray(elements) || elements.length === 0 || elements.length > LIMITS.actionsElements) return [`${where}: needs 1..${LIMITS.actionsElements} elements`];
  const problems: string[] = [];
  elements.forEach((element, index) => problems.push(...validateButton(element, `${where} element ${index}`, actionIds)));
  return problems;
}

/** context_actions holds 1..5 feedback_buttons / icon_button elements. */
function validateContextActions(block: Json, where: string, actionIds: Set<string>): string[] {
  const elements = block.elements as Json[] | undefined;
  if (!Array.isArray(elements) || elements.length === 0 || elements.length > LIMITS.contextActionsElements) return [`${where}: needs 1..${LIMITS.contextActionsElements} elements`];
  const problems: string[] = [];
  elements.forEach((element, index) => {
    const at = `${where} element ${index}`;
    if (element.type !== 'feedback_buttons') return void problems.push(`${at}: only feedback_buttons are expected`);
    const actionId = element.action_id;
    if (typeof actionId !== 'string' || actionId.length === 0 || actionId.length > LIMITS.actionId) problems.push(`${at}: action_id must be 1..${LIMITS.actionId} characters`);
    else if (actionIds.has(actionId)) problems.push(`${at}: duplicate action_id ${actionId}`);
    else actionIds.add(actionId);
    for (const side of ['positive_button', 'negative_button']) {
      const button = element[side] as Json | undefined;
      if (!button || typeof button !== 'object') {
        problems.push(`${at}: needs ${side}`);
        continue;
      }
      problems.push(...validateTextObject(button.text, `${at} ${side}`, LIMITS.buttonText, ['plain_text']));
      if (typeof button.value !== 'string' || button.value.length === 0 || button.value.length > LIMITS.buttonValue) problems.push(`${at} ${side}: value must be 1..${LIMITS.buttonValue} characters`);
      if (button.accessibility_label !== undefined && (typeof button.accessibility_label !== 'string' || button.accessibility_label.length > LIMITS.buttonText)) problems.push(`${at} ${side}: accessibility_label longer than ${LIMITS.buttonText}`);
    }
  });
  return problems;
}

/** views.open: a modal (title up to 24 characters, up to 100 blocks, submit when it has inputs). */
export function validateModalView(args: Json): string[] {
  const view = (typeof args.view === 'string' ? JSON.parse(args.view) : args.view) as Json | undefined;
  if (typeof view !== 'object' || view === null) return ['views.open needs a view object'];
  const problems: string[] = [];
  if (typeof args.trigger_id !== 'string' || args.trigger_id === '') problems.push('views.open needs trigger_id');
  if (view.type !== 'modal') problems.push(`view type ${String(view.type)} is not modal`);
  problems.push(...validateTextObject(view.title, 'modal title', LIMITS.modalTitle, ['plain_text']));
  if (view.submit !== undefined) problems.push(...validateTextObject(view.submit, 'modal submit', LIMITS.modalTitle, ['plain_text']));
  if (view.close !== undefined) problems.push(...validateTextObject(view.close, 'modal close', LIMITS.modalTitle, ['plain_text']));
  if (typeof view.private_metadata === 'string' && view.private_metadata.length > LIMITS.privateMetadata) problems.push(`private_metadata longer than ${LIMITS.privateMetadata}`);
  const blocks = view.blocks as Json[] | undefined;
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.length > LIMITS.homeViewBlocks) return [...problems, `modal needs 1..${LIMITS.homeViewBlocks} blocks`];
  blocks.forEach((block, index) => {
    const where = `modal block ${index} (${String(block.type)})`;
    if (block.type !== 'input') return void problems.push(`${where}: only input blocks are expected`);
    problems.push(...validateTextObject(block.label, `${where} label`, LIMITS.inputLabel, ['plain_text']));
    const element = block.element as Json | undefined;
    if (element?.type !== 'plain_text_input') problems.push(`${where}: only plain_text_input elements are expected`);
    else if (typeof element.max_length === 'number' && element.max_length > LIMITS.plainTextInput) problems.push(`${where}: max_length over ${LIMITS.plainTextInput}`);
    if (block.hint !== undefined) problems.push(...validateTextObject(block.hint, `${where} hint`, LIMITS.inputHint, ['plain_text']));
    if (view.submit === undefined) problems.push(`${where}: a modal with inputs needs a submit button`);
  });
  return problems;
}

function validateButton(element: Json, at: string, actionIds: Set<string>): string[] {
  if (element.type !== 'button') return [`${at}: only buttons are expected`];
  const problems = validateTextObject(element.text, at, LIMITS.buttonText, ['plain_text']);
  const actionId = element.action_id;
  if (typeof actionId !== 'string' || actionId.length === 0 || actionId.length > LIMITS.actionId) problems.push(`${at}: action_id must be 1..${LIMITS.actionId} characters`);
  else if (actionIds.has(actionId)) problems.push(`${at}: duplicate action_id ${actionId}`);
  else actionIds.add(actionId);
  if (element.value !== undefined && (typeof element.value !== 'string' || element.value.length > LIMITS.buttonValue)) problems.push(`${at}: value longer than ${LIMITS.buttonValue}`);
  if (element.style !== undefined && element.style !== 'primary' && element.style !== 'danger') problems.push(`${at}: bad style`);
  if (element.confirm !== undefined) problems.push(...validateConfirm(element.confirm as Json, `${at} confirm`));
  if (element.url !== undefined) {
    // A URL button opens the browser; Slack accepts http(s) URLs up to 3,000 characters.
    if (typeof element.url !== 'string' || !/^https?:\/\/[^\s]+$/.test(element.url)) problems.push(`${at}: url must be an http(s) URL`);
    else if (element.url.length > LIMITS.buttonUrl) problems.push(`${at}: url longer than ${LIMITS.buttonUrl}`);
  }
  return problems;
}

/** A confirmation dialog object: title, text, confirm and deny with Slack's lengths. */
function validateConfirm(confirm: Json, at: string): string[] {
  if (typeof confirm !== 'object' || confirm === null) return [`${at}: must be an object`];
  const problems = [
    ...validateTextObject(confirm.title, `${at} title`, LIMITS.confirmTitle, ['plain_text']),
    ...validateTextObject(confirm.text, `${at} text`, LIMITS.confirmText, ['plain_text', 'mrkdwn']),
    ...validateTextObject(confirm.confirm, `${at} confirm`, LIMITS.confirmButton, ['plain_text']),
    ...validateTextObject(confirm.deny, `${at} deny`, LIMITS.confirmButton, ['plain_text']),
  ];
  if (confirm.style !== undefined && confirm.style !== 'primary' && confirm.style !== 'danger') problems.push(`${at}: bad style`);
  return problems;
}

function validateImage(block: Json, where: string): string[] {
  const problems: string[] = [];
  if (typeof block.alt_text !== 'string' || block.alt_text.length === 0 || block.alt_text.length > LIMITS.imageText) problems.push(`${where}: alt_text must be 1..${LIMITS.imageText} characters`);
  if (block.title !== undefined) problems.push(...validateTextObject(block.title, `${where} title`, LIMITS.imageText, ['plain_text']));
  const hasUrl = block.image_url !== undefined;
  const file = block.slack_file as Json | undefined;
  if (hasUrl === (file !== undefined)) return [...problems, `${where}: needs exactly one of image_url and slack_file`];
  if (hasUrl) {
    if (typeof block.image_url !== 'string' || !/^https?:\/\//.test(block.image_url) || block.image_url.length > LIMITS.imageUrl) problems.push(`${where}: image_url must be an http(s) URL`);
    return problems;
  }
  if (typeof file !== 'object' || file === null) return [...problems, `${where}: slack_file must be an object`];
  if ((file.id === undefined) === (file.url === undefined)) return [...problems, `${where}: slack_file needs exactly one of id and url`];
  if (file.id !== undefined && (typeof file.id !== 'string' || !SLACK_FILE_ID.test(file.id))) problems.push(`${where}: slack_file.id ${String(file.id)} is not a Slack file id`);
  if (file.url !== undefined && (typeof file.url !== 'string' || !file.url.startsWith('https://'))) problems.push(`${where}: slack_file.url must be an https URL`);
  return problems;
}

function validateMetadata(metadata: unknown): string[] {
  const value = metadata as Json | null;
  if (typeof value !== 'object' || value === null) return ['metadata must be an object'];
  const problems: string[] = [];
  if (typeof value.event_type !== 'string' || !/^[A-Za-z0-9_]+$/.test(value.event_type) || value.event_type.length > LIMITS.metadataEventType) problems.push('metadata.event_type must be an alphanumeric/underscore string');
  if (typeof value.event_payload !== 'object' || value.event_payload === null || Array.isArray(value.event_payload)) problems.push('metadata.event_payload must be an object');
  return problems;
}

/** Slack's data-table-block reference: caption, 2–101 rows of equal length, 1–20 columns, page_size 1–100, 10,000 characters. */
function validateDataTable(block: Json, where: string): string[] {
  const problems: string[] = [];
  if (typeof block.caption !== 'string' || block.caption === '') problems.push(`${where}: needs a caption`);
  if (block.page_size !== undefined && (!Number.isInteger(block.page_size) || (block.page_size as number) < 1 || (block.page_size as number) > LIMITS.dataTablePageSize)) problems.push(`${where}: page_size must be 1..${LIMITS.dataTablePageSize}`);
  const rows = block.rows as Json[][] | undefined;
  if (!Array.isArray(rows) || rows.length < 2 || rows.length > LIMITS.dataTableRows) return [...problems, `${where}: needs 2..${LIMITS.dataTableRows} rows (header included), has ${Array.isArray(rows) ? rows.length : 'none'}`];
  const width = Array.isArray(rows[0]) ? rows[0].length : 0;
  if (width < 1 || width > LIMITS.dataTableColumns) problems.push(`${where}: needs 1..${LIMITS.dataTableColumns} columns, has ${width}`);
  let characters = 0;
  rows.forEach((row, rowIndex) => {
    if (!Array.isArray(row) || row.length !== width) {
      problems.push(`${where} row ${rowIndex}: every row needs ${width} cells`);
      return;
    }
    row.forEach((cell, cellIndex) => {
      const at = `${where} row ${rowIndex} cell ${cellIndex}`;
      if (cell.type === 'rich_text') {
        if (rowIndex === 0) problems.push(`${at}: rich_text cannot be a header cell`);
        return;
      }
      if (cell.type !== 'raw_text' && cell.type !== 'raw_number') problems.push(`${at}: bad type ${String(cell.type)}`);
      if (cell.type === 'raw_number' && (typeof cell.value !== 'number' || !Number.isFinite(cell.value))) problems.push(`${at}: raw_number needs a finite number value`);
      if (typeof cell.text !== 'string' || cell.text.length === 0) problems.push(`${at}: empty text`);
      else characters += cell.text.length;
    });
  });
  if (characters > LIMITS.tableCharacters) problems.push(`${where}: ${characters} characters in its cells (max ${LIMITS.tableCharacters})`);
  return problems;
}

function validateTable(block: Json, where: string): string[] {
  const rows = block.rows as Json[][] | undefined;
  if (!Array.isArray(rows) || rows.length === 0) return [`${where}: needs rows`];
  const problems: string[] = [];
  if (rows.length > LIMITS.tableRows) problems.push(`${where}: ${rows.length} rows (max ${LIMITS.tableRows})`);
  rows.forEach((row, rowIndex) => {
    if (!Array.isArray(row) || row.length === 0 || row.length > LIMITS.tableCells) problems.push(`${where} row ${rowIndex}: needs 1..${LIMITS.tableCells} cells`);
    else row.forEach((cell, cellIndex) => {
      if (cell.type !== 'raw_text' && cell.type !== 'rich_text') problems.push(`${where} row ${rowIndex} cell ${cellIndex}: bad type`);
      if (cell.type === 'raw_text' && (typeof cell.text !== 'string' || cell.text.length === 0)) problems.push(`${where} row ${rowIndex} cell ${cellIndex}: empty text`);
    });
  });
  const characters = rows.flat().reduce((sum, cell) => sum + (typeof cell?.text === 'string' ? cell.text.length : 0), 0);
  if (characters > LIMITS.tableCharacters) problems.push(`${where}: ${characters} characters in its cells (max ${LIMITS.tableCharacters})`);
  return problems;
}

const MESSAGE_METHODS = new Set(['chat.postMessage', 'chat.update', 'chat.postEphemeral']);

const VIEW_VALIDATORS: Record<string, (args: Json) => string[]> = { 'views.publish': validateHomeView, 'views.open': validateModalView };

/** Every problem in every message-sending (and views.publish / views.open) call, prefixed with the call. */
export function problemsInCalls(calls: Array<{ method: string; args: Record<string, unknown> }>): string[] {
  return calls
    .filter((call) => MESSAGE_METHODS.has(call.method) || call.method in VIEW_VALIDATORS)
    .flatMap((call, index) => (VIEW_VALIDATORS[call.method] ?? validateSlackMessage)(call.args).map((problem) => `${call.method} #${index}: ${problem}`));
}
