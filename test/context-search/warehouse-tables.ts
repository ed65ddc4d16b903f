// The tables of a made-up but realistic company warehouse: a core of curated business tables (the
// ones analysts ask about), then the bulk every real warehouse carries — raw loads and staging
// models per source, snapshots, yearly archives and analysts' scratch copies — which share the
// business words and make the search work for its ranking.

export interface FixtureColumn {
  name: string;
  type: string;
  comment?: string;
  values?: string[];
}

export interface FixtureTable {
  schema: string;
  name: string;
  kind?: 'table' | 'view';
  description?: string;
  dbtModel?: string;
  rows?: number;
  columns: FixtureColumn[];
}

/** `name:type:comment` (comment optional) → column. */
function columns(...specifications: string[]): FixtureColumn[] {
  return specifications.map((specification) => {
    const [name, type, ...comment] = specification.split(':');
    return { name: name!, type: type!, ...(comment.length > 0 ? { comment: comment.join(':') } : {}) };
  });
}

function withValues(list: FixtureColumn[], name: string, values: string[]): FixtureColumn[] {
  return list.map((column) => (column.name === name ? { ...column, values } : column));
}

export const CORE_TABLES: FixtureTable[] = [
  {
    schema: 'finance',
    name: 'revenue_daily',
    description: 'Daily revenue net of refunds and discounts, one row per day and region. Amounts in EUR as recognised by finance.',
    dbtModel: 'model.shop.revenue_daily',
    rows: 14_600,
    columns: columns(
      'day:date',
      'region_id:integer:Region of the sale',
      'gross_amount:decimal(18,2):Order value before refunds and discounts',
      'refunds_amount:decimal(18,2):Money returned to customers that day',
      'net_amount:decimal(18,2):Gross minus refunds and discounts; the figure reported as net revenue',
    ),
  },
  {
    schema: 'sales',
    name: 'orders',
    description: 'Customer orders from the web shop and the mobile apps, one row per order.',
    dbtModel: 'model.shop.orders',
    rows: 2_400_000,
    columns: withValues(
      withValues(
        columns(
          'order_id:bigint',
          'customer_id:bigint:Buyer',
          'ordered_at:timestamp:When the order was placed',
          'channel:varchar:Where the order was placed: web shop, iOS app or Android app',
          'status:varchar:Fulfilment state of the order',
          'total_amount:decimal(18,2):Amount paid including VAT',
          'discount_code:varchar:Promotion code entered at checkout, if any',
        ),
        'channel',
        ['web', 'ios', 'android'],
      ),
      'status',
      ['placed', 'shipped', 'delivered', 'cancelled', 'returned'],
    ),
  },
  {
    schema: 'sales',
    name: 'order_items',
    description: 'Order lines: one row per product in an order, with quantity and the price paid.',
    dbtModel: 'model.shop.order_items',
    columns: columns('order_id:bigint', 'product_id:bigint', 'quantity:integer:Units of the product sold in this order', 'unit_price:decimal(18,2):Price paid per unit after discount'),
  },
  {
    schema: 'sales',
    name: 'opportunities',
    description: 'Sales pipeline from Salesforce: open and closed deals with stage, amount and expected close date.',
    columns: withValues(
      columns('opportunity_id:varchar', 'account_id:varchar', 'owner_id:varchar:Account executive who owns the deal', 'stage:varchar:Pipeline stage', 'amount:decimal(18,2):Deal value in EUR', 'close_date:date:Expected or actual close date'),
      'stage',
      ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'],
    ),
  },
  {
    schema: 'sales',
    name: 'quota_attainment',
    description: 'Quota and booked amount per sales representative and quarter.',
    columns: columns('rep_id:varchar:Sales rep (account executive)', 'quarter:varchar', 'quota_amount:decimal(18,2):Target the rep was given for the quarter', 'booked_amount:decimal(18,2):Closed-won deal value', 'attainment_pct:double:Booked divided by quota'),
  },
  {
    schema: 'sales',
    name: 'customers',
    description: 'One row per customer with signup date, country, segment and lifetime value.',
    dbtModel: 'model.shop.customers',
    rows: 380_000,
    columns: withValues(
      columns('customer_id:bigint', 'signed_up_at:timestamp', 'country_code:varchar:ISO country of the billing address', 'segment:varchar:Consumer or business', 'lifetime_value:decimal(18,2):Net revenue from this customer to date', 'email:varchar'),
      'country_code',
      ['DE', 'FR', 'NL', 'AT', 'BE', 'IT', 'ES'],
    ),
  },
  {
    schema: 'sales',
    name: 'discount_codes',
    description: 'Promotion codes (coupons) with their discount percentage and the dates they are valid.',
    columns: columns('code:varchar', 'discount_pct:double', 'valid_from:date', 'valid_to:date', 'campaign_id:varchar:Marketing campaign that issued the code'),
  },
  {
    schema: 'sales',
    name: 'returns',
    description: 'Returned items with the reason the customer gave and the refund status.',
    columns: withValues(
      columns('return_id:bigint', 'order_id:bigint', 'product_id:bigint', 'reason:varchar:Reason picked by the customer in the returns form', 'refund_status:varchar'),
      'reason',
      ['too_small', 'too_large', 'damaged', 'not_as_described', 'changed_mind'],
    ),
  },
  {
    schema: 'sales',
    name: 'carts_abandoned',
    description: 'Shopping carts that were filled but never taken through checkout within 24 hours.',
    columns: columns('cart_id:varchar', 'customer_id:bigint:Null for anonymous visitors', 'created_at:timestamp', 'item_count:integer', 'cart_value:decimal(18,2)'),
  },
  {
    schema: 'marketing',
    name: 'campaign_spend_daily',
    description: 'Advertising spend, impressions and clicks per campaign and day across the ad platforms.',
    dbtModel: 'model.marketing.campaign_spend_daily',
    columns: withValues(
      columns('day:date', 'campaign_id:varchar', 'platform:varchar:Ad network: Google Ads, Meta (Facebook and Instagram) or LinkedIn', 'spend:decimal(18,2):Cost in EUR', 'impressions:bigint', 'clicks:bigint'),
      'platform',
      ['google_ads', 'meta', 'linkedin'],
    ),
  },
  {
    schema: 'marketing',
    name: 'attribution_touches',
    description: 'Marketing touchpoints before each conversion, with first-touch and last-touch credit.',
    columns: columns('conversion_id:varchar:Signup or first order', 'touched_at:timestamp', 'channel:varchar:Paid search, social, email, referral, direct', 'first_touch_credit:double', 'last_touch_credit:double'),
  },
  {
    schema: 'marketing',
    name: 'email_sends',
    description: 'Newsletter and lifecycle emails sent through Braze, with opens, clicks and unsubscribes.',
    columns: columns('send_id:varchar', 'campaign_name:varchar', 'sent_at:timestamp', 'opened:boolean', 'clicked:boolean', 'unsubscribed:boolean'),
  },
  {
    schema: 'marketing',
    name: 'web_sessions',
    description: 'Website visits from Segment: one row per session with landing page, referrer and UTM parameters.',
    rows: 48_000_000,
    columns: columns('session_id:varchar', 'anonymous_id:varchar', 'started_at:timestamp', 'landing_page:varchar', 'referrer_domain:varchar:e.g. google.com, facebook.com', 'utm_source:varchar', 'utm_campaign:varchar'),
  },
  {
    schema: 'marketing',
    name: 'leads',
    description: 'Inbound leads from web forms and events, with source and qualification status.',
    columns: withValues(
      columns('lead_id:varchar', 'created_at:timestamp', 'source:varchar', 'status:varchar:MQL = marketing qualified lead, SQL = sales accepted'),
      'status',
      ['new', 'mql', 'sql', 'disqualified'],
    ),
  },
  {
    schema: 'product',
    name: 'feature_usage_daily',
    description: 'Daily count of distinct users per product feature, from tracking events.',
    columns: columns('day:date', 'feature_name:varchar', 'users:integer:Distinct users who used the feature that day', 'events:integer'),
  },
  {
    schema: 'product',
    name: 'active_users',
    description: 'Daily, weekly and monthly active users (DAU, WAU, MAU) of the apps.',
    columns: columns('day:date', 'dau:integer', 'wau:integer', 'mau:integer:Users with at least one session in the last 30 days'),
  },
  {
    schema: 'product',
    name: 'experiments',
    description: 'A/B test assignments and results per experiment and variant.',
    columns: columns('experiment_key:varchar', 'variant:varchar:control or treatment', 'users:integer', 'conversions:integer', 'p_value:double'),
  },
  {
    schema: 'product',
    name: 'app_crashes',
    description: 'Mobile app crash reports from Crashlytics per app release (version) and device model.',
    columns: columns('day:date', 'app_version:varchar', 'device_model:varchar', 'crash_count:integer', 'crash_free_users_pct:double'),
  },
  {
    schema: 'product',
    name: 'nps_responses',
    description: 'Net Promoter Score survey answers with the 0-10 score and the free-text comment.',
    columns: columns('response_id:varchar', 'customer_id:bigint', 'answered_at:timestamp', 'score:integer:0-10; 9-10 promoters, 0-6 detractors', 'comment:varchar'),
  },
  {
    schema: 'support',
    name: 'tickets',
    description: 'Customer support tickets from Zendesk (help desk) with priority, status, first response and resolution times.',
    columns: columns('ticket_id:bigint', 'created_at:timestamp', 'priority:varchar', 'status:varchar', 'first_response_minutes:integer:Minutes until an agent first replied', 'resolution_minutes:integer'),
  },
  {
    schema: 'support',
    name: 'csat',
    description: 'Customer satisfaction ratings given after a support conversation is solved.',
    columns: columns('ticket_id:bigint', 'agent_id:varchar:Support agent who solved the ticket', 'rating:integer:1-5', 'rated_at:timestamp'),
  },
  {
    schema: 'support',
    name: 'sla_breaches',
    description: 'Tickets that missed their service level agreement target, with the target and the overrun.',
    columns: columns('ticket_id:bigint', 'sla_policy:varchar', 'target_minutes:integer', 'breached_by_minutes:integer'),
  },
  {
    schema: 'people',
    name: 'employees',
    description: 'Current and former employees from Workday with department, title, office location, start and end date.',
    columns: withValues(
      columns('employee_id:varchar', 'department:varchar', 'job_title:varchar', 'location:varchar:Office', 'started_on:date', 'left_on:date'),
      'location',
      ['Berlin', 'Amsterdam', 'Paris', 'Lisbon', 'Remote'],
    ),
  },
  {
    schema: 'people',
    name: 'headcount_monthly',
    description: 'Headcount per department at each month end, with hires and leavers in the month.',
    columns: columns('month:date', 'department:varchar', 'headcount:integer', 'hires:integer', 'leavers:integer'),
  },
  {
    schema: 'people',
    name: 'salaries',
    description: 'Salary history per employee (confidential): base pay, bonus target and job level.',
    columns: columns('employee_id:varchar', 'effective_from:date', 'base_salary:decimal(18,2):Yearly base pay in EUR', 'bonus_target_pct:double', 'job_level:varchar:L1-L8'),
  },
  {
    schema: 'people',
    name: 'time_off',
    description: 'Vacation, sick leave and parental leave requests with approval status.',
    columns: withValues(columns('request_id:varchar', 'employee_id:varchar', 'leave_type:varchar', 'first_day:date', 'days:double', 'status:varchar'), 'leave_type', ['vacation', 'sick', 'parental']),
  },
  {
    schema: 'people',
    name: 'recruiting_pipeline',
    description: 'Job candidates from Greenhouse by hiring stage.',
    columns: withValues(columns('candidate_id:varchar', 'job_id:varchar', 'stage:varchar', 'applied_on:date', 'source:varchar'), 'stage', ['applied', 'screen', 'interview', 'offer', 'hired', 'rejected']),
  },
  {
    schema: 'ops',
    name: 'shipments',
    description: 'Parcels handed to carriers with tracking number, shipped and delivered timestamps.',
    columns: withValues(
      columns('shipment_id:varchar', 'order_id:bigint', 'carrier:varchar', 'tracking_number:varchar', 'shipped_at:timestamp', 'delivered_at:timestamp', 'promised_by:date:Delivery date promised at checkout'),
      'carrier',
      ['DHL', 'UPS', 'DPD', 'PostNL'],
    ),
  },
  {
    schema: 'ops',
    name: 'inventory_snapshots',
    description: 'Stock on hand per product and warehouse at the end of each day.',
    columns: columns('day:date', 'product_id:bigint', 'warehouse_id:varchar', 'units_on_hand:integer', 'units_reserved:integer'),
  },
  {
    schema: 'ops',
    name: 'suppliers',
    description: 'Suppliers (vendors) we buy stock from, with country, lead time and payment terms.',
    columns: columns('supplier_id:varchar', 'name:varchar', 'country_code:varchar', 'lead_time_days:integer:Days from purchase order to goods received', 'payment_terms:varchar'),
  },
  {
    schema: 'ops',
    name: 'purchase_orders',
    description: 'Purchase orders placed with suppliers and whether the goods have been received.',
    columns: withValues(columns('po_number:varchar', 'supplier_id:varchar', 'ordered_on:date', 'expected_on:date', 'status:varchar', 'total_amount:decimal(18,2)'), 'status', ['open', 'partially_received', 'received', 'cancelled']),
  },
  {
    schema: 'finance',
    name: 'invoices',
    description: 'Invoices sent to business customers, with due date and payment status.',
    columns: withValues(columns('invoice_id:varchar', 'account_id:varchar', 'issued_on:date', 'due_on:date', 'amount:decimal(18,2)', 'status:varchar'), 'status', ['open', 'paid', 'overdue', 'void']),
  },
  {
    schema: 'finance',
    name: 'ar_aging',
    description: 'Accounts receivable ageing per customer account at month end, in 30-day buckets.',
    columns: columns('month_end:date', 'account_id:varchar', 'current_amount:decimal(18,2)', 'days_31_60:decimal(18,2)', 'days_61_90:decimal(18,2)', 'over_90_days:decimal(18,2):Unpaid for more than 90 days'),
  },
  {
    schema: 'finance',
    name: 'budget_vs_actual',
    description: 'Monthly budget compared with actual spend per cost center.',
    columns: columns('month:date', 'cost_center:varchar:Department budget owner', 'budget_amount:decimal(18,2):Planned spend', 'actual_amount:decimal(18,2):Booked spend', 'variance_amount:decimal(18,2)'),
  },
  {
    schema: 'finance',
    name: 'mrr_monthly',
    description: 'Monthly recurring revenue per subscription plan, split into new, expansion, contraction and churned MRR.',
    columns: columns('month:date', 'plan:varchar', 'new_mrr:decimal(18,2)', 'expansion_mrr:decimal(18,2):Added by upgrades of existing subscriptions', 'contraction_mrr:decimal(18,2):Lost to downgrades', 'churned_mrr:decimal(18,2):Lost to cancellations'),
  },
  {
    schema: 'finance',
    name: 'fx_rates',
    description: 'Daily foreign exchange rates to EUR published by the ECB.',
    columns: columns('day:date', 'currency:varchar:ISO currency code, e.g. USD, GBP', 'rate_to_eur:double'),
  },
  {
    schema: 'finance',
    name: 'vendor_payments',
    description: 'Payments made to suppliers, exported from the ERP (NetSuite).',
    columns: columns('payment_id:varchar', 'supplier_id:varchar', 'paid_on:date', 'amount:decimal(18,2)', 'currency:varchar'),
  },
  {
    schema: 'finance',
    name: 'tax_collected',
    description: 'VAT and sales tax collected per country and month.',
    columns: columns('month:date', 'country_code:varchar', 'tax_type:varchar', 'taxable_amount:decimal(18,2)', 'tax_amount:decimal(18,2)'),
  },
  // Core tables no question below is about: they compete for the same words.
  { schema: 'finance', name: 'gl_entries', description: 'General ledger journal entries from NetSuite, one row per debit or credit line.', columns: columns('entry_id:varchar', 'account:varchar', 'posted_on:date', 'debit:decimal(18,2)', 'credit:decimal(18,2)') },
  { schema: 'finance', name: 'cost_centers', description: 'Cost centers with their owner and parent department.', columns: columns('cost_center:varchar', 'owner:varchar', 'department:varchar') },
  { schema: 'sales', name: 'order_status_history', description: 'Every status change of an order with its timestamp.', columns: columns('order_id:bigint', 'status:varchar', 'changed_at:timestamp') },
  { schema: 'sales', name: 'regions', description: 'Sales regions and the countries in each.', columns: columns('region_id:integer', 'name:varchar', 'country_codes:varchar') },
  { schema: 'marketing', name: 'campaigns', description: 'Campaign master data: name, channel, budget, start and end dates.', columns: columns('campaign_id:varchar', 'name:varchar', 'channel:varchar', 'budget:decimal(18,2)', 'starts_on:date', 'ends_on:date') },
  { schema: 'product', name: 'events', description: 'Raw product tracking events from the apps and the website.', rows: 900_000_000, columns: columns('event_id:varchar', 'user_id:varchar', 'event_name:varchar', 'occurred_at:timestamp', 'properties:json') },
  { schema: 'product', name: 'subscriptions', description: 'Subscriptions with plan, start date and cancellation date.', columns: columns('subscription_id:varchar', 'customer_id:bigint', 'plan:varchar', 'started_on:date', 'cancelled_on:date') },
  { schema: 'support', name: 'agents', description: 'Support agents with their team and languages.', columns: columns('agent_id:varchar', 'name:varchar', 'team:varchar', 'languages:varchar') },
  { schema: 'people', name: 'departments', description: 'Departments with their head and cost center.', columns: columns('department:varchar', 'head:varchar', 'cost_center:varchar') },
  { schema: 'ops', name: 'warehouses', description: 'Fulfilment centres with address and capacity in pallets.', columns: columns('warehouse_id:varchar', 'city:varchar', 'capacity_pallets:integer') },
  { schema: 'ops', name: 'products', description: 'Product catalogue with category, brand, list price and unit cost.', dbtModel: 'model.shop.products', columns: columns('product_id:bigint', 'name:varchar', 'category:varchar', 'brand:varchar', 'list_price:decimal(18,2)', 'unit_cost:decimal(18,2)') },
  { schema: 'sales', name: 'daily_kpis', kind: 'view', columns: columns('day:date', 'orders:integer', 'revenue:decimal(18,2)', 'new_customers:integer') },
];

/** Each source's objects as its loader names them. */
const SOURCES: Record<string, string[]> = {
  stripe: ['charges', 'refunds', 'invoices', 'customers', 'subscriptions', 'payouts', 'disputes', 'balance_transactions'],
  shopify: ['orders', 'order_lines', 'products', 'customers', 'refunds', 'discounts', 'fulfillments', 'inventory_levels'],
  salesforce: ['accounts', 'opportunities', 'leads', 'contacts', 'users', 'tasks', 'campaigns', 'opportunity_history'],
  hubspot: ['contacts', 'deals', 'companies', 'email_events', 'forms', 'engagements'],
  zendesk: ['tickets', 'ticket_comments', 'users', 'satisfaction_ratings', 'groups', 'ticket_metrics'],
  netsuite: ['transactions', 'transaction_lines', 'accounts', 'vendors', 'subsidiaries', 'currencies'],
  workday: ['workers', 'positions', 'organizations', 'compensation', 'absences'],
  segment: ['tracks', 'pages', 'identifies', 'screens'],
  google_ads: ['campaigns', 'ad_groups', 'keywords', 'campaign_stats'],
  facebook_ads: ['campaigns', 'ad_sets', 'ads', 'insights'],
  braze: ['campaigns', 'messages_sent', 'email_opens', 'unsubscribes'],
  greenhouse: ['candidates', 'applications', 'jobs', 'interviews', 'offers'],
  crashlytics: ['crashes', 'issues'],
  sendcloud: ['parcels', 'tracking_events', 'carriers'],
  intercom: ['conversations', 'conversation_parts', 'contacts'],
  jira: ['issues', 'sprints', 'projects'],
};

const HUMAN_SOURCE: Record<string, string> = {
  stripe: 'Stripe',
  shopify: 'Shopify',
  salesforce: 'Salesforce',
  hubspot: 'HubSpot',
  zendesk: 'Zendesk',
  netsuite: 'NetSuite',
  workday: 'Workday',
  segment: 'Segment',
  google_ads: 'Google Ads',
  facebook_ads: 'Facebook Ads',
  braze: 'Braze',
  greenhouse: 'Greenhouse',
  crashlytics: 'Crashlytics',
  sendcloud: 'Sendcloud',
  intercom: 'Intercom',
  jira: 'Jira',
};

const ANALYSTS = ['anna', 'bram', 'chloe', 'daan', 'elif', 'femke', 'goran', 'hugo', 'ines', 'jonas'];

function words(name: string): string {
  return name.replace(/_/g, ' ');
}

function sourceObjects(): Array<{ source: string; object: string }> {
  return Object.entries(SOURCES).flatMap(([source, objects]) => objects.map((object) => ({ source, object })));
}

/** Bulk table number `index` (0-based): raw and staging per source object, then snapshots, archives, scratch copies. */
function bulkTable(index: number): FixtureTable {
  const objects = sourceObjects();
  const count = objects.length;
  const family = Math.floor(index / count);
  const { source, object } = objects[index % count]!;
  const human = HUMAN_SOURCE[source]!;
  const loadColumns = columns('id:varchar', `${object.replace(/s$/, '')}_data:json:Unparsed API payload`, '_loaded_at:timestamp:When the loader copied the row', '_deleted:boolean');
  if (family === 0) return { schema: 'raw', name: `${source}__${object}`, description: `Raw ${human} ${words(object)} as loaded by Fivetran; one row per API object, payload unparsed.`, columns: loadColumns };
  if (family === 1) {
    return {
      schema: 'staging',
      name: `stg_${source}__${object}`,
      description: `${human} ${words(object)}, renamed and typed; no business logic.`,
      dbtModel: `model.shop.stg_${source}__${object}`,
      columns: columns(`${object.replace(/s$/, '')}_id:varchar`, 'created_at:timestamp', 'updated_at:timestamp', 'is_deleted:boolean'),
    };
  }
  if (family === 2) return { schema: 'snapshots', name: `${source}__${object}_snapshot`, description: `Slowly changing history of ${human} ${words(object)} (dbt snapshot, valid_from / valid_to).`, columns: columns('id:varchar', 'dbt_valid_from:timestamp', 'dbt_valid_to:timestamp') };
  const rest = family - 3;
  if (rest % 2 === 0) {
    const year = 2024 - Math.floor(rest / 2);
    return { schema: 'archive', name: `${source}__${object}_${year}`, description: `${human} ${words(object)} for ${year}, moved out of the raw schema; kept for audits.`, columns: loadColumns };
  }
  const analyst = ANALYSTS[Math.floor(rest / 2) % ANALYSTS.length]!;
  const copy = Math.floor(rest / 2 / ANALYSTS.length);
  return { schema: `scratch_${analyst}`, name: `${source}_${object}_v${copy + 1}`, columns: loadColumns };
}

/** A warehouse of exactly `count` tables: the core first, then as many bulk tables as needed. */
export function warehouseTables(count: number): FixtureTable[] {
  const tables = CORE_TABLES.slice(0, count);
  for (let index = 0; tables.length < count; index += 1) tables.push(bulkTable(index));
  return tables;
}
