// Table and column comments of the demo warehouse, as a real warehouse keeps them: what
// `datathread sync` writes into the context folder and what the model reads as descriptions.

const TABLE_COMMENTS: Record<string, string> = {
  regions: 'Sales regions, one row per region; every customer belongs to one.',
  customers: 'Customers (companies) that placed at least one order or signed up, one row per customer.',
  products: 'The product catalogue with list price and unit cost, one row per product.',
  orders: 'Orders, one row per order: when it was placed, by whom, through which channel and its fulfilment status.',
  order_lines: 'Order lines, one row per product on an order; revenue is quantity × unit_price × (1 − discount).',
};

const COLUMN_COMMENTS: Record<string, Record<string, string>> = {
  regions: { region_name: 'Name of the sales region', country: 'Country the region is in' },
  customers: {
    customer_name: 'Company name of the customer',
    region_id: 'Sales region the customer belongs to (regions.region_id)',
    segment: 'Customer segment: Consumer, Small Business or Enterprise',
    signup_date: 'Day the customer created its account',
  },
  products: { category: 'Product category', unit_price: 'List price of one unit', unit_cost: 'What one unit costs us (for margin)' },
  orders: {
    customer_id: 'Customer who placed the order (customers.customer_id)',
    order_date: 'Day the order was placed',
    ordered_at: 'Moment the order was placed (local time, no zone)',
    status: 'Fulfilment status; cancelled and returned orders are not revenue',
    channel: 'Where the order was placed (sales channel)',
  },
  order_lines: {
    order_id: 'Order the line belongs to (orders.order_id)',
    product_id: 'Product sold on the line (products.product_id)',
    quantity: 'Units sold',
    unit_price: 'Price of one unit on this order, before discount',
    discount: 'Discount as a fraction of the price (0.10 = 10%)',
  },
};

function quoted(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function demoWarehouseComments(): string[] {
  const tables = Object.entries(TABLE_COMMENTS).map(([table, comment]) => `COMMENT ON TABLE ${table} IS ${quoted(comment)}`);
  const columns = Object.entries(COLUMN_COMMENTS).flatMap(([table, comments]) =>
    Object.entries(comments).map(([column, comment]) => `COMMENT ON COLUMN ${table}.${column} IS ${quoted(comment)}`),
  );
  return [...tables, ...columns];
}
