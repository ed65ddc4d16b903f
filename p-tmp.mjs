import { init, parse } from '@guanmingchiu/sqlparser-ts';
await init();
const cases = process.argv.slice(2);
for (const c of cases) { try { console.log(c, '=>', JSON.stringify(parse(c, process.env.D ?? 'mysql')).slice(0, 300)); } catch (e) { console.log(c, 'ERR', e.message); } }
