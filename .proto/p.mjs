import { registerFont, createCanvas } from 'canvas';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import fs from 'node:fs';
const c0 = createCanvas(100,100).getContext('2d');
c0.font = '20px Inter'; const before = c0.measureText('Hello World 123').width;
registerFont('/work/main/assets/fonts/Inter-Regular.otf', { family: 'Inter' });
registerFont('/work/main/assets/fonts/Inter-SemiBold.otf', { family: 'Inter', weight: '600' });
const c1 = createCanvas(100,100).getContext('2d');
c1.font = '20px Inter'; const after = c1.measureText('Hello World 123').width;
c1.font = '600 20px Inter'; const bold = c1.measureText('Hello World 123').width;
c1.font = '20px "DejaVu Sans"'; const dv = c1.measureText('Hello World 123').width;
console.log({before, after, bold, dv});
const vl = { $schema:'https://vega.github.io/schema/vega-lite/v6.json', width:1200, height:675, autosize:{type:'fit',contains:'padding'}, padding:24, background:'white',
 config:{font:'Inter', title:{fontSize:22, fontWeight:600, anchor:'start'}},
 title:'Revenue by region', data:{values:Array.from({length:12},(_, i)=>({cat:'Region '+i, v: Math.random()*1000}))},
 mark:'bar', encoding:{x:{field:'cat',type:'nominal',sort:null}, y:{field:'v',type:'quantitative'}}};
const spec = compile(vl).spec;
const runtime = vega.parse(spec);
for (let i=0;i<5;i++){
 const t=performance.now();
 const view = new vega.View(runtime, {renderer:'none'});
 const canvas = await view.toCanvas(2);
 const png = canvas.toBuffer('image/png');
 view.finalize();
 console.log(i, (performance.now()-t).toFixed(1), canvas.width, canvas.height, png.length);
 if(i==4) fs.writeFileSync('/tmp/proto/a.png', png);
}
