import { registerFont, createCanvas, Canvas } from 'canvas';
import * as vega from 'vega';
import { compile } from 'vega-lite';
registerFont('/work/main/assets/fonts/Inter-Regular.otf', { family: 'Inter' });
const vl = { width:1200, height:675, autosize:{type:'fit',contains:'padding'}, padding:24, background:'white',
 config:{font:'Inter', title:{fontSize:22, fontWeight:600, anchor:'start'}},
 title:'Revenue by region', data:{values:Array.from({length:12},(_, i)=>({cat:'Region '+i, v: Math.random()*1000}))},
 mark:'bar', encoding:{x:{field:'cat',type:'nominal',sort:null}, y:{field:'v',type:'quantitative'}}};
const spec = compile(vl).spec;
const runtime = vega.parse(spec);
for (let i=0;i<8;i++){
 const t=performance.now();
 const view = new vega.View(runtime, {renderer:'none'});
 const t1=performance.now();
 const canvas = await view.toCanvas(2);
 const t2=performance.now();
 const png = canvas.toBuffer('image/png');
 const t3=performance.now();
 const png2 = canvas.toBuffer('image/png', {compressionLevel: 6, filters: Canvas.PNG_FILTER_NONE});
 const t4=performance.now();
 const png3 = canvas.toBuffer('image/png', {compressionLevel: 3, filters: Canvas.PNG_FILTER_SUB});
 const t5=performance.now();
 view.finalize();
 console.log(i, (t1-t).toFixed(1), (t2-t1).toFixed(1), (t3-t2).toFixed(1), png.length, (t4-t3).toFixed(1), png2.length, (t5-t4).toFixed(1), png3.length);
}
