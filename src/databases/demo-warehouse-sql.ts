// The SQL that builds the demo warehouse: a small sales business over the two years that end on
// the given last day (yesterday when the file is built), so "last quarter" always has orders.
// Every "random" choice is md5 of a label and a key, so the file is identical on every machine and
// DuckDB version for the same last day; growth, seasonality, weekday dips, a mobile channel that
// gains share and a price rise halfway through give charts something real to show.

import { demoWarehouseComments } from './demo-warehouse-comments.js';

/** The demo's days: from `firstDay` to `lastDay` inclusive, as `YYYY-MM-DD`. */
export interface DemoDays {
  firstDay: string;
  lastDay: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function demoWarehouseSql(days: DemoDays): string[] {
  if (!ISO_DAY.test(days.firstDay) || !ISO_DAY.test(days.lastDay)) throw new Error(`demo days must be YYYY-MM-DD: ${days.firstDay} .. ${days.lastDay}`);
  // Dates relative to the first day keep the shape the fixed calendar had: customers start signing
  // up 910 days before the first order, prices rise one year in, the last five days are in flight.
  const firstDay = `DATE '${days.firstDay}'`;
  const lastDay = `DATE '${days.lastDay}'`;
  const priceRiseDay = `(${firstDay} + INTERVAL 1 YEAR)`;
  return [
    // rnd(label, key): a stable pseudo-random number in [0, 1).
    `CREATE TEMP MACRO rnd(label, key) AS (md5_number(label || ':' || CAST(key AS VARCHAR)) % 1000000)::DOUBLE / 1000000.0`,

    `CREATE TABLE regions (
       region_id INTEGER PRIMARY KEY, region_name VARCHAR NOT NULL, country VARCHAR NOT NULL)`,
    `INSERT INTO regions VALUES
       (1, 'Northeast', 'United States'), (2, 'Southeast', 'United States'), (3, 'Midwest', 'United States'),
       (4, 'West', 'United States'), (5, 'Canada', 'Canada'), (6, 'UK & Ireland', 'United Kingdom'),
       (7, 'DACH', 'Germany')`,

    // Customer ids follow signup order, so "customers who existed on day d" is simply id <= m(d).
    `CREATE TABLE customers AS
     WITH base AS (
       SELECT range + 1 AS customer_id, ((range + 1) * 263) % 1200 AS name_key FROM range(500)
     ), words AS (
       SELECT ['Acme', 'Northwind', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Wonka', 'Hooli',
               'Vandelay', 'Soylent', 'Cyberdyne', 'Tyrell', 'Bluth', 'Pied Piper', 'Dunder', 'Sterling',
               'Prestige', 'Oscorp', 'Aperture', 'Monarch', 'Massive', 'Nakatomi', 'Virtucon', 'Contoso'] AS first_words,
              ['Labs', 'Foods', 'Retail', 'Systems', 'Partners', 'Logistics', 'Studios', 'Health', 'Supply',
               'Consulting', 'Goods', 'Works', 'Group', 'Traders', 'Outfitters', 'Digital'] AS second_words,
              ['', ' Inc', ' Co'] AS suffixes
     )
     SELECT
       customer_id::INTEGER AS customer_id,
       first_words[1 + name_key % 25] || ' ' || second_words[1 + (name_key // 25) % 16] || suffixes[1 + name_key // 400] AS customer_name,
       (CASE
          WHEN rnd('region', customer_id) < 0.20 THEN 1 WHEN rnd('region', customer_id) < 0.35 THEN 2
          WHEN rnd('region', customer_id) < 0.50 THEN 3 WHEN rnd('region', customer_id) < 0.72 THEN 4
          WHEN rnd('region', customer_id) < 0.80 THEN 5 WHEN rnd('region', customer_id) < 0.92 THEN 6
          ELSE 7 END)::INTEGER AS region_id,
       CASE WHEN rnd('segment', customer_id) < 0.55 THEN 'Consumer'
            WHEN rnd('segment', customer_id) < 0.85 THEN 'Small Business'
            ELSE 'Enterprise' END AS segment,
       (${firstDay} - 910 + CAST(floor(1600 * pow((customer_id - 1) / 500.0, 0.8)) AS INTEGER)) AS signup_date
     FROM base, words
     ORDER BY customer_id`,

    `CREATE TABLE products (
       product_id INTEGER PRIMARY KEY, product_name VARCHAR NOT NULL, category VARCHAR NOT NULL,
       unit_price DECIMAL(10, 2) NOT NULL, unit_cost DECIMAL(10, 2) NOT NULL)`,
    `INSERT INTO products VALUES
       (1, 'Wireless Headphones', 'Electronics', 149.00, 88.00), (2, 'Bluetooth Speaker', 'Electronics', 79.00, 41.00),
       (3, '27-inch 4K Monitor', 'Electronics', 399.00, 286.00), (4, 'Mechanical Keyboard', 'Electronics', 119.00, 64.00),
       (5, 'HD Webcam', 'Electronics', 69.00, 33.00), (6, 'USB-C Dock', 'Electronics', 189.00, 112.00),
       (7, 'Noise-Cancelling Earbuds', 'Electronics', 199.00, 121.00), (8, 'Portable SSD 1TB', 'Electronics', 109.00, 72.00),
       (9, 'Smart Display', 'Electronics', 129.00, 84.00), (10, '10-inch Tablet', 'Electronics', 329.00, 241.00),
       (11, 'Ergonomic Chair', 'Furniture', 459.00, 262.00), (12, 'Standing Desk', 'Furniture', 649.00, 388.00),
       (13, 'Bookshelf', 'Furniture', 189.00, 97.00), (14, 'Filing Cabinet', 'Furniture', 229.00, 131.00),
       (15, 'LED Desk Lamp', 'Furniture', 59.00, 24.00), (16, 'Monitor Arm', 'Furniture', 139.00, 66.00),
       (17, 'Meeting Table', 'Furniture', 899.00, 561.00),
       (18, 'Printer Paper (5 reams)', 'Office Supplies', 34.99, 21.50), (19, 'Gel Pens (12-pack)', 'Office Supplies', 12.49, 4.10),
       (20, 'Sticky Notes (24 pads)', 'Office Supplies', 18.99, 6.80), (21, 'Heavy-Duty Stapler', 'Office Supplies', 24.99, 11.20),
       (22, 'A5 Notebook (3-pack)', 'Office Supplies', 16.99, 5.90), (23, 'Whiteboard Markers (8)', 'Office Supplies', 11.99, 4.30),
       (24, 'Desk Organizer', 'Office Supplies', 29.99, 12.40), (25, 'Envelopes (100)', 'Office Supplies', 14.49, 5.20),
       (26, 'Binder Clips (60)', 'Office Supplies', 8.99, 2.70), (27, 'Label Maker Tape', 'Office Supplies', 19.99, 8.10),
       (28, 'Antivirus (1 year)', 'Software', 49.00, 6.00), (29, 'Office Suite License', 'Software', 149.00, 31.00),
       (30, 'Design Tool Seat (1 year)', 'Software', 239.00, 52.00), (31, 'Cloud Backup 1TB (1 year)', 'Software', 99.00, 22.00),
       (32, 'Project Planner Pro', 'Software', 129.00, 24.00), (33, 'VPN (1 year)', 'Software', 59.00, 9.00),
       (34, 'Laptop Sleeve', 'Accessories', 29.00, 9.50), (35, 'USB-C Charger 65W', 'Accessories', 45.00, 17.00),
       (36, 'HDMI Cable 2m', 'Accessories', 14.00, 3.20), (37, 'XL Mouse Pad', 'Accessories', 22.00, 6.10),
       (38, 'Laptop Backpack', 'Accessories', 79.00, 31.00), (39, 'Cable Organizer Kit', 'Accessories', 18.00, 5.40),
       (40, 'Screen Cleaning Kit', 'Accessories', 12.00, 2.90)`,

    // How often each product is picked: bigger categories, cheaper items more often.
    `CREATE TEMP TABLE product_weights AS
     WITH weighted AS (
       SELECT product_id,
         (CASE category WHEN 'Electronics' THEN 3.0 WHEN 'Office Supplies' THEN 2.6 WHEN 'Accessories' THEN 2.0
                        WHEN 'Furniture' THEN 1.2 ELSE 1.4 END)
           * (0.6 + rnd('popularity', product_id)) / sqrt(unit_price::DOUBLE / 10) AS weight
       FROM products
     )
     SELECT product_id,
       coalesce(sum(weight) OVER (ORDER BY product_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS weight_from,
       sum(weight) OVER (ORDER BY product_id) AS weight_to,
       sum(weight) OVER () AS weight_total
     FROM weighted`,

    `CREATE TEMP TABLE days AS
     SELECT CAST(day AS DATE) AS order_date, CAST(row_number() OVER (ORDER BY day) - 1 AS INTEGER) AS day_index
     FROM range(${firstDay}, ${lastDay} + 1, INTERVAL 1 DAY) AS t(day)`,

    // Orders per day: ~3 at the start growing ~60% over two years, a Q4 peak, quieter weekends.
    `CREATE TEMP TABLE order_slots AS
     SELECT order_date, day_index, slot
     FROM days, range(0, 20) AS s(slot)
     WHERE slot < floor(
         3.1 * (1 + 0.6 * day_index / 730.0)
             * [0.80, 0.85, 1.00, 1.00, 1.05, 1.00, 0.90, 0.90, 1.05, 1.10, 1.35, 1.55][month(order_date)]
             * CASE dayofweek(order_date) WHEN 0 THEN 0.65 WHEN 6 THEN 0.75 WHEN 1 THEN 1.10 ELSE 1.0 END
         + rnd('orders', day_index))`,

    `CREATE TABLE orders AS
     WITH numbered AS (
       SELECT CAST(row_number() OVER (ORDER BY order_date, slot) AS INTEGER) AS order_id, order_date, day_index
       FROM order_slots
     ), eligible AS (
       SELECT n.*, (SELECT count(*) FROM customers c WHERE c.signup_date <= n.order_date) AS customer_count
       FROM numbered n
     )
     SELECT
       order_id,
       CAST(1 + floor(rnd('customer', order_id) * customer_count) AS INTEGER) AS customer_id,
       order_date,
       CAST(order_date AS TIMESTAMP) + to_seconds(CAST(floor(7 * 3600 + rnd('time', order_id) * 15 * 3600) AS BIGINT)) AS ordered_at,
       CASE
         WHEN order_date > ${lastDay} - 5 THEN CASE WHEN rnd('status', order_id) < 0.5 THEN 'processing' ELSE 'shipped' END
         WHEN rnd('status', order_id) < 0.04 THEN 'cancelled'
         WHEN rnd('status', order_id) < 0.07 THEN 'returned'
         ELSE 'delivered'
       END AS status,
       CASE
         WHEN rnd('channel', order_id) < 0.15 + 0.15 * day_index / 730.0 THEN 'mobile app'
         WHEN rnd('channel', order_id) < 0.62 THEN 'web'
         WHEN rnd('channel', order_id) < 0.86 THEN 'retail store'
         ELSE 'partner'
       END AS channel
     FROM eligible
     ORDER BY order_id`,

    `CREATE TABLE order_lines AS
     WITH slots AS (
       SELECT o.order_id, o.order_date, c.segment, CAST(l.line_number AS INTEGER) AS line_number,
         rnd('product', o.order_id * 10 + l.line_number) * (SELECT max(weight_total) FROM product_weights) AS pick_point
       FROM orders o JOIN customers c USING (customer_id), range(1, 6) AS l(line_number)
       WHERE l.line_number <= 1 + floor(rnd('lines', o.order_id) * CASE c.segment WHEN 'Enterprise' THEN 5 ELSE 2.7 END)
     ), picked AS (
       -- A range join on a precomputed point: each line lands in exactly one product's weight band.
       SELECT s.*, w.product_id
       FROM slots s JOIN product_weights w ON s.pick_point >= w.weight_from AND s.pick_point < w.weight_to
     )
     SELECT
       CAST(row_number() OVER (ORDER BY pk.order_id, pk.line_number) AS INTEGER) AS order_line_id,
       pk.order_id,
       pk.line_number,
       pk.product_id,
       CAST(CASE
         WHEN p.category = 'Office Supplies' THEN 1 + floor(rnd('quantity', pk.order_id * 10 + pk.line_number) * 8)
         WHEN pk.segment = 'Enterprise' THEN 1 + floor(rnd('quantity', pk.order_id * 10 + pk.line_number) * 6)
         ELSE 1 + floor(pow(rnd('quantity', pk.order_id * 10 + pk.line_number), 2) * 3)
       END AS INTEGER) AS quantity,
       -- Prices rose about 5% one year in.
       CAST(round(p.unit_price * CASE WHEN pk.order_date < ${priceRiseDay} THEN 0.95 ELSE 1.0 END, 2) AS DECIMAL(10, 2)) AS unit_price,
       CAST(CASE
         WHEN month(pk.order_date) = 11 AND day(pk.order_date) BETWEEN 24 AND 30 THEN 0.20
         WHEN pk.segment = 'Enterprise' THEN [0.00, 0.05, 0.10, 0.15][1 + floor(rnd('discount', pk.order_id) * 4)::INTEGER]
         WHEN pk.segment = 'Small Business' THEN [0.00, 0.00, 0.05, 0.10][1 + floor(rnd('discount', pk.order_id) * 4)::INTEGER]
         WHEN rnd('discount', pk.order_id) < 0.1 THEN 0.10
         ELSE 0.00
       END AS DECIMAL(4, 2)) AS discount
     FROM picked pk JOIN products p USING (product_id)
     ORDER BY order_line_id`,
    ...demoWarehouseComments(),
  ];
}
