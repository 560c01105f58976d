/**
 * The browser scripts of PDF templates, inlined under the response's nonce like the pages' other
 * scripts (src/pages/assets.ts): plain strings, so the Worker's bundler never rewrites them.
 *
 * - PDF_TOOLS_JS (dashboard): uploading a PDF template and drawing its page pictures with pdf.js
 *   (loaded from this origin only when needed, under the page's nonce), drawing missing pages
 *   again, and the placement editor (mouse, keyboard, snapping).
 * - PDF_VIEW_JS (signer's page): the page pictures with the boxes to fill, zoom and "Next".
 */

/**
 * Reads its settings from `<script type="application/json" id="pdf-cfg">`:
 * {pdfjs, worker, base, csrf, lang, words, id?, pages?: [{n, width, height, rotation, drawn}], fields?, write}.
 * Every word it shows is one of `words` (the dashboard catalogue's `pdf_js_` keys, in the page's
 * language), its `{placeholders}` filled here with plain text; percentages in the page's language.
 */
export const PDF_TOOLS_JS = `(function(){
"use strict";
var d=document,me=d.currentScript,nonce=me&&me.nonce,cfgEl=d.getElementById("pdf-cfg");
if(!cfgEl)return;
var cfg=JSON.parse(cfgEl.textContent),libP=null,W=cfg.words||{};
function $(id){return d.getElementById(id)}
function w(k,v){return(W[k]||k).replace(/[{]([a-z]+)[}]/g,function(m,n){return v&&n in v?String(v[n]):m})}
function lib(){
if(libP)return libP;
libP=new Promise(function(ok,no){
if(window.pdfjsLib)return ok(window.pdfjsLib);
var s=d.createElement("script");s.type="module";s.nonce=nonce;s.src=cfg.pdfjs;
s.onload=function(){window.pdfjsLib?ok(window.pdfjsLib):no(new Error(w("lib_start")))};
s.onerror=function(){no(new Error(w("lib_load")))};
d.head.appendChild(s);
}).then(function(L){L.GlobalWorkerOptions.workerSrc=cfg.worker;return L});
return libP;
}
function openPdf(data){return lib().then(function(L){return L.getDocument({data:data,cMapUrl:cfg.base+"/cmaps/",cMapPacked:true,standardFontDataUrl:cfg.base+"/standard_fonts/",wasmUrl:cfg.base+"/wasm/",enableXfa:false}).promise})}
/* A page at 1.5x of its size as shown (pdf.js applies /Rotate and the crop box), white behind. */
function drawPage(pdf,n){
return pdf.getPage(n).then(function(page){
var vp=page.getViewport({scale:1.5}),c=d.createElement("canvas");
c.width=Math.max(1,Math.round(vp.width));c.height=Math.max(1,Math.round(vp.height));
var ctx=c.getContext("2d");ctx.fillStyle="#fff";ctx.fillRect(0,0,c.width,c.height);
return page.render({canvasContext:ctx,canvas:c,viewport:vp}).promise.then(function(){return blobOf(c,"image/png")}).then(function(b){
page.cleanup();
/* A picture over 8 MB as PNG (photographs) goes as JPEG. */
return b.size>7.5*1024*1024?blobOf(c,"image/jpeg",0.9):b;
});
});
}
function blobOf(c,type,q){return new Promise(function(ok,no){c.toBlob(function(b){b?ok(b):no(new Error(w("not_drawable")))},type,q)})}
function post(url,fields){
var fd=new FormData();fd.append("csrf",cfg.csrf);
Object.keys(fields).forEach(function(k){var v=fields[k];if(v instanceof Blob)fd.append(k,v,k+(v.type==="image/jpeg"?".jpg":v.type==="image/png"?".png":".pdf"));else fd.append(k,v)});
return fetch(url,{method:"POST",body:fd,headers:{accept:"application/json"},credentials:"same-origin"}).then(function(r){
var said=w("answered",{status:r.status});
return r.json().catch(function(){return{error:said}}).then(function(j){if(!r.ok||j.error)throw new Error(j.error||said);return j});
});
}
function say(el,text){if(el)el.textContent=text}
/* Draws pages [ns] of pdf and uploads each; returns the last PDF template info. */
function drawAll(pdf,id,ns,bar,status){
var i=0,failed=[],info=null;
bar.max=ns.length;bar.value=0;bar.hidden=false;
function next(){
if(i>=ns.length)return Promise.resolve({info:info,failed:failed});
var n=ns[i++];
say(status,w("drawing",{n:n,i:i,count:ns.length}));
return drawPage(pdf,n).then(function(b){return post("/app/templates/"+id+"/pages/"+n,{file:b})}).then(function(j){
info=j.info;bar.value=i;say(status,w("uploaded",{n:n,drawn:info.drawn,total:info.page_count}));
},function(e){failed.push(n);bar.value=i;say(status,w("failed",{n:n,error:e.message}))}).then(next);
}
return next();
}
function finish(id,res,status){
var info=res.info;
if(res.failed.length||!info||!info.ready){
say(status,[info?w("drawn",{drawn:info.drawn,total:info.page_count}):"",res.failed.length?w("not_drawn",{pages:res.failed.join(", ")}):"",w("draw_again")].filter(Boolean).join(" "));
var a=$("pdf-open");if(a){a.href="/app/templates/"+id+"/place";a.hidden=false}
return false;
}
say(status,w("all_drawn",{count:info.page_count,drawn:info.drawn,total:info.page_count}));
location.assign("/app/templates/"+id+"/place?done=drawn");
return true;
}

/* ---- Upload (templates page) ---- */
var up=$("pdf-upload");
if(up&&window.fetch&&window.FormData&&HTMLCanvasElement.prototype.toBlob){
up.addEventListener("submit",function(e){
e.preventDefault();
var file=$("p-file").files[0],status=$("pdf-status"),bar=$("pdf-bar"),btn=up.querySelector("button[type=submit]");
if(!file){say(status,w("choose_file"));return}
btn.disabled=true;
var pdf=null,id=null;
file.arrayBuffer().then(function(buf){
say(status,w("reading"));
return openPdf(new Uint8Array(buf.slice(0))).then(function(p){pdf=p;say(status,w("uploading",{count:p.numPages}));return post("/app/templates/pdf",{code:$("p-code").value,name:$("p-name").value,kind:$("p-kind").value,file:new Blob([buf],{type:"application/pdf"}),filename:file.name})});
}).then(function(j){
id=j.template_id;
var ns=[];for(var n=1;n<=j.info.page_count;n++)ns.push(n);
return drawAll(pdf,id,ns,bar,status);
}).then(function(res){if(!finish(id,res,status))btn.disabled=false},function(err){btn.disabled=false;say(status,w("not_uploaded",{error:err.message}))});
});
}

/* ---- Draw missing pages (editor page) ---- */
var redraw=$("pdf-redraw");
if(redraw&&cfg.id){
redraw.hidden=false;
redraw.addEventListener("click",function(){
var status=$("pdf-status"),bar=$("pdf-bar");redraw.disabled=true;
var missing=cfg.pages.filter(function(p){return!p.drawn}).map(function(p){return p.n});
say(status,w("reading"));
fetch("/app/templates/"+cfg.id+"/file.pdf",{credentials:"same-origin"}).then(function(r){if(!r.ok)throw new Error(w("unreadable",{status:r.status}));return r.arrayBuffer()})
.then(function(b){return openPdf(new Uint8Array(b))}).then(function(pdf){return drawAll(pdf,cfg.id,missing,bar,status)})
.then(function(res){if(!res.failed.length&&res.info&&res.info.ready){say(status,w("done"));location.assign("/app/templates/"+cfg.id+"/place?done=drawn")}else{redraw.disabled=false;finish(cfg.id,res,status)}},function(e){redraw.disabled=false;say(status,e.message)});
});
}

/* ---- Placement editor ---- */
var ed=$("editor");
if(!ed||!cfg.fields)return;
var fields=cfg.fields,out=$("fields-json"),live=$("place-live"),GRID=0.01,SNAP=0.012,MIN=0.01,sel=null,drag=null;
var pctF=window.Intl?new Intl.NumberFormat(cfg.lang,{style:"percent",maximumFractionDigits:1}):null;
var pct=function(v){return pctF?pctF.format(v):Math.round(v*1000)/10+"%"};
var r4=function(v){return Math.round(v*10000)/10000};
function pageEl(n){return ed.querySelector(".pg[data-n=\\""+n+"\\"] .pg-in")}
function fieldOf(key){for(var i=0;i<fields.length;i++)if(fields[i].key===key)return fields[i];return null}
function where(f){var p=f.place;return p?w("describe",{label:f.label,key:f.key,page:p.page,x:pct(p.x),y:pct(p.y),w:pct(p.w),h:pct(p.h)}):w("describe_none",{label:f.label,key:f.key})}
function describe(f){return where(f)+"; "+w("asked_of",{party:partyText(f.signer)})}
/* A box's name starts with what it shows (its party, then its label), so the name a voice user says is the one they see. */
function boxName(f){return partyText(f.signer)+": "+where(f)}
/* The party a field is asked of (signer: a position in send order or a role label; none: any signer, in the accent blue), named in words and given its own colour (each at least 4.5:1 on white). */
var PAL=["#8a4b00","#0d6b2f","#6a1b9a","#b3261e","#00695c","#ad1457","#37474f"];
function anyParty(s){return s===undefined||s===null||s===""}
function partyText(s){return anyParty(s)?w("any"):typeof s==="number"?w("signer_n",{n:s}):w("role_is",{role:s})}
function parties(){var nums=[],labels=[];fields.forEach(function(f){var s=f.signer;if(typeof s==="number"){if(nums.indexOf(s)<0)nums.push(s)}else if(!anyParty(s)&&labels.indexOf(s)<0)labels.push(s)});nums.sort(function(a,b){return a-b});return nums.concat(labels)}
function colour(s){if(anyParty(s))return null;return PAL[Math.max(0,parties().indexOf(s))%PAL.length]}
function setParty(f,s){if(anyParty(s))delete f.signer;else f.signer=s;render();sync();announce(describe(f));var e=$("party-"+f.key);if(e)e.focus()}
/* The fields list's control: any signer, Signer 1…, the role labels in use, or another label typed in. */
function partyControl(f,td){
var sp=d.createElement("select"),max=4,cur=anyParty(f.signer)?"":typeof f.signer==="number"?"n"+f.signer:"r"+f.signer,opts=[["",w("any")]];
sp.id="party-"+f.key;sp.setAttribute("aria-label",w("party_for",{label:f.label}));sp.setAttribute("aria-describedby","party-hint");
parties().forEach(function(s){if(typeof s==="number"&&s>=max)max=s+1});
for(var n=1;n<=max;n++)opts.push(["n"+n,w("signer_n",{n:n})]);
parties().forEach(function(s){if(typeof s==="string")opts.push(["r"+s,w("role_is",{role:s})])});
opts.push(["other",w("role_other")]);
opts.forEach(function(o){var e=d.createElement("option");e.value=o[0];e.textContent=o[1];if(o[0]===cur)e.selected=true;sp.appendChild(e)});
var inp=d.createElement("input");inp.id="role-"+f.key;inp.maxLength=40;inp.hidden=true;inp.autocomplete="off";inp.setAttribute("aria-label",w("role_for",{label:f.label}));
sp.addEventListener("change",function(){var v=sp.value;if(v==="other"){inp.hidden=false;inp.focus();return}inp.hidden=true;setParty(f,v===""?null:v.charAt(0)==="n"?Number(v.slice(1)):v.slice(1))});
inp.addEventListener("change",function(){var v=inp.value.trim();if(!v||v.length>40||v==="cc"){announce(w("role_rule"));inp.focus();return}setParty(f,v)});
td.appendChild(sp);td.appendChild(inp);
}
function sync(){out.value=JSON.stringify(fields);var dirty=$("place-dirty");if(dirty)dirty.hidden=false;list()}
function announce(t){live.textContent="";setTimeout(function(){live.textContent=t},30)}
/* Edges of the other boxes on the page, for snapping. */
function edges(f,axis){var out=[];fields.forEach(function(o){if(o===f||!o.place||o.place.page!==f.place.page)return;var p=o.place;if(axis==="x")out.push(p.x,p.x+p.w);else out.push(p.y,p.y+p.h)});return out}
function snapEdge(v,cands){var best=null;cands.forEach(function(c){if(Math.abs(c-v)<=SNAP&&(best===null||Math.abs(c-v)<Math.abs(best-v)))best=c});return best}
function grid(v){return Math.round(v/GRID)*GRID}
function clamp(v,a,b){return Math.min(b,Math.max(a,v))}
/* Moves a box so one of its edges meets another box's edge, else to the grid. */
function snapMove(f,x,y){
var p=f.place,cx=edges(f,"x"),cy=edges(f,"y"),s;
s=snapEdge(x,cx);if(s===null){s=snapEdge(x+p.w,cx);s=s===null?grid(x):s-p.w}x=s;
s=snapEdge(y,cy);if(s===null){s=snapEdge(y+p.h,cy);s=s===null?grid(y):s-p.h}y=s;
p.x=r4(clamp(x,0,1-p.w));p.y=r4(clamp(y,0,1-p.h));
}
function snapTo(v,cands){var s=snapEdge(v,cands);return s===null?grid(v):s}
function render(){
ed.querySelectorAll(".fbox").forEach(function(b){b.remove()});
fields.forEach(function(f){
if(!f.place)return;var host=pageEl(f.place.page);if(!host)return;
var b=d.createElement("div");b.className="fbox"+(sel===f.key?" sel":"");b.tabIndex=0;b.setAttribute("role","button");
b.setAttribute("aria-roledescription",w("box"));b.setAttribute("aria-describedby","kbd-help");b.setAttribute("aria-label",boxName(f));
b.dataset.key=f.key;var pc=colour(f.signer);if(pc){b.classList.add("party");b.style.setProperty("--pc",pc)}
var t=d.createElement("span"),pt=d.createElement("span");t.className="lbl";pt.className="pty";pt.textContent=partyText(f.signer);t.appendChild(pt);t.appendChild(d.createTextNode(" · "+f.label));b.appendChild(t);
["nw","se"].forEach(function(h){var k=d.createElement("span");k.className="hdl "+h;k.dataset.h=h;k.setAttribute("aria-hidden","true");b.appendChild(k)});
place(b,f.place);host.appendChild(b);
});
}
function place(b,p){b.style.left=p.x*100+"%";b.style.top=p.y*100+"%";b.style.width=p.w*100+"%";b.style.height=p.h*100+"%"}
function boxEl(key){return ed.querySelector(".fbox[data-key=\\""+key+"\\"]")}
function select(key,focus){sel=key;ed.querySelectorAll(".fbox").forEach(function(b){b.classList.toggle("sel",b.dataset.key===key)});var b=boxEl(key);if(b&&focus)b.focus()}
function changed(f,focus){render();select(f.key,focus);sync();announce(describe(f))}
/* Pointer: draw a new box for the chosen field on empty page, move a box, or resize by a handle. */
function frac(e,host){var r=host.getBoundingClientRect();return{x:clamp((e.clientX-r.left)/r.width,0,1),y:clamp((e.clientY-r.top)/r.height,0,1)}}
ed.addEventListener("pointerdown",function(e){
if(!cfg.write||e.button!==0)return;
var host=e.target.closest(".pg-in");if(!host)return;
var n=Number(host.parentNode.dataset.n),at=frac(e,host),box=e.target.closest(".fbox"),f;
if(box){f=fieldOf(box.dataset.key);var h=e.target.dataset.h;drag={f:f,host:host,mode:h||"move",dx:at.x-f.place.x,dy:at.y-f.place.y};select(f.key,true)}
else{
var key=$("draw-field").value;f=fieldOf(key);if(!f){announce(w("choose_field"));return}
f.place={page:n,x:r4(grid(at.x)),y:r4(grid(at.y)),w:MIN,h:MIN};drag={f:f,host:host,mode:"new",x0:f.place.x,y0:f.place.y};render();select(f.key,false);
}
e.preventDefault();host.setPointerCapture(e.pointerId);
});
ed.addEventListener("pointermove",function(e){
if(!drag)return;var f=drag.f,p=f.place,at=frac(e,drag.host),cx=edges(f,"x"),cy=edges(f,"y"),x2,y2;
if(drag.mode==="move")snapMove(f,at.x-drag.dx,at.y-drag.dy);
else if(drag.mode==="se"||drag.mode==="new"){
var x0=drag.mode==="new"?drag.x0:p.x,y0=drag.mode==="new"?drag.y0:p.y;
x2=clamp(snapTo(at.x,cx),x0+MIN,1);y2=clamp(snapTo(at.y,cy),y0+MIN,1);p.x=x0;p.y=y0;p.w=r4(x2-x0);p.h=r4(y2-y0);
}else if(drag.mode==="nw"){
x2=p.x+p.w;y2=p.y+p.h;var x=clamp(snapTo(at.x,cx),0,x2-MIN),y=clamp(snapTo(at.y,cy),0,y2-MIN);p.x=r4(x);p.y=r4(y);p.w=r4(x2-x);p.h=r4(y2-y);
}
var b=boxEl(f.key);if(b)place(b,p);
});
function end(){if(!drag)return;var f=drag.f;drag=null;changed(f,true)}
ed.addEventListener("pointerup",end);ed.addEventListener("pointercancel",end);
/* Keyboard: arrows move by the grid (1 % of the page; no edge snapping, which would hold a box at an edge), Shift+arrows resize, Delete takes the box off. */
ed.addEventListener("keydown",function(e){
var b=e.target.closest&&e.target.closest(".fbox");if(!b||!cfg.write)return;
var f=fieldOf(b.dataset.key),p=f.place,dx=0,dy=0;
if(e.key==="ArrowLeft")dx=-1;else if(e.key==="ArrowRight")dx=1;else if(e.key==="ArrowUp")dy=-1;else if(e.key==="ArrowDown")dy=1;
else if(e.key==="Delete"||e.key==="Backspace"){f.place=null;e.preventDefault();sel=null;render();sync();announce(w("removed",{label:f.label}));var pb=$("place-btn-"+f.key);if(pb)pb.focus();return}
else if(e.key==="Enter"||e.key===" "){e.preventDefault();select(f.key,true);announce(describe(f));return}
else return;
e.preventDefault();
if(e.shiftKey){p.w=r4(clamp(grid(p.w+dx*GRID),MIN,1-p.x));p.h=r4(clamp(grid(p.h+dy*GRID),MIN,1-p.y))}
else{p.x=r4(clamp(grid(p.x+dx*GRID),0,1-p.w));p.y=r4(clamp(grid(p.y+dy*GRID),0,1-p.h))}
changed(f,true);
});
ed.addEventListener("focusin",function(e){var b=e.target.closest&&e.target.closest(".fbox");if(b)select(b.dataset.key,false)});
/* The fields list: each field with its place and, for placing with the keyboard, a page and a button. */
function list(){
var tb=$("field-rows"),choice=$("draw-field")||d.createElement("select"),keep=choice.value;if(!tb)return;
tb.textContent="";choice.textContent="";
fields.forEach(function(f){
var tr=d.createElement("tr");
[f.key,f.label,f.kind,w(f.required===false?"no":"yes")].forEach(function(v){var td=d.createElement("td");td.textContent=v;tr.appendChild(td)});
var td=d.createElement("td");if(cfg.write&&!f.staff_only)partyControl(f,td);else td.textContent=partyText(f.signer);var pcl=colour(f.signer);if(pcl)td.style.borderInlineStart="6px solid "+pcl;tr.appendChild(td);
td=d.createElement("td");var p=f.place;td.textContent=p?w("at",{page:p.page,x:pct(p.x),y:pct(p.y),w:pct(p.w),h:pct(p.h)}):w(f.per_child?"unplaced_child":f.staff_only?"unplaced_staff":"unplaced");tr.appendChild(td);
td=d.createElement("td");
if(cfg.write){
var sp=d.createElement("select");sp.id="place-page-"+f.key;sp.setAttribute("aria-label",w("page_for",{label:f.label}));
cfg.pages.forEach(function(pg){var o=d.createElement("option");o.value=pg.n;o.textContent=w("page",{n:pg.n});if(f.place&&f.place.page===pg.n)o.selected=true;sp.appendChild(o)});
var btn=d.createElement("button");btn.type="button";btn.className="quiet";btn.id="place-btn-"+f.key;btn.textContent=w(f.place?"move":"place");btn.setAttribute("aria-label",w("button",{action:btn.textContent,label:f.label}));
btn.addEventListener("click",function(){var n=Number(sp.value),p=f.place;f.place={page:n,x:p?p.x:0.1,y:p?p.y:0.1,w:p?p.w:0.3,h:p?p.h:0.05};snapMove(f,f.place.x,f.place.y);changed(f,true);var b=boxEl(f.key);if(b)b.scrollIntoView({block:"center"})});
td.appendChild(sp);td.appendChild(btn);
}
tr.appendChild(td);tb.appendChild(tr);
var o=d.createElement("option");o.value=f.key;o.textContent=f.label+" ("+f.key+")";choice.appendChild(o);
});
if(keep&&fieldOf(keep))choice.value=keep;
}
/* Adding a field (key, label, kind, required): into the list; saved with the placements. */
var add=$("add-field");
if(add&&cfg.write){add.addEventListener("click",function(){
var k=$("nf-key"),l=$("nf-label"),kind=$("nf-kind").value,req=$("nf-required").checked,st=$("nf-status");
if(!/^[a-z][a-z0-9_]{0,58}$/.test(k.value)){say(st,w("key_rule"));k.focus();return}
if(fieldOf(k.value)){say(st,w("key_taken",{key:k.value}));k.focus();return}
if(!l.value.trim()){say(st,w("label_rule"));l.focus();return}
var role=$("nf-role"),rv=role.value.trim(),ps=$("nf-signer").value;
if(rv&&(rv.length>40||rv==="cc")){say(st,w("role_rule"));role.focus();return}
var nf={key:k.value,label:l.value.trim(),kind:kind,required:req,place:null};if(rv)nf.signer=rv;else if(ps)nf.signer=Number(ps);
fields.push(nf);
sync();render();$("draw-field").value=k.value;say(st,w("added",{key:k.value}));k.value="";l.value="";role.value="";
})}
ed.hidden=false;
d.querySelectorAll(".pg").forEach(function(pg){var n=Number(pg.dataset.n),info=cfg.pages[n-1];if(info)pg.querySelector(".pg-in").style.aspectRatio=info.width+" / "+info.height});
list();render();out.value=JSON.stringify(fields);
})();`;

/**
 * The signer's page of a document from a PDF template: places each box (`data-*` fractions) on its
 * page picture, keeps them in reading order with the next one to fill highlighted, "Next" scrolls
 * to it and focuses its field in the form (the form stays the source of truth), zoom buttons.
 */
export const PDF_VIEW_JS = `(function(){
var d=document,view=d.getElementById("pdf-view");if(!view)return;
var boxes=[].slice.call(view.querySelectorAll(".pbox")),zoom=1,live=d.getElementById("pv-live"),inner=d.getElementById("pv-pages");
boxes.forEach(function(b){var s=b.style;s.left=b.dataset.x*100+"%";s.top=b.dataset.y*100+"%";s.width=b.dataset.w*100+"%";s.height=b.dataset.h*100+"%"});
view.querySelectorAll(".pv-page").forEach(function(p){p.style.aspectRatio=p.dataset.w+" / "+p.dataset.h});
function control(b){return d.getElementById("f-"+b.dataset.key)||(b.dataset.kind==="signature"?d.getElementById("typed-name")||d.getElementById("sign"):null)}
function filled(b){var c=control(b);if(!c)return b.dataset.supplied==="1";if(c.type==="checkbox")return c.checked;return "value"in c?c.value.trim()!=="":false}
var cur=-1;
function mark(){
var next=-1;boxes.forEach(function(b,i){var f=filled(b);b.classList.toggle("done",f);if(next<0&&!f)next=i});
boxes.forEach(function(b,i){b.classList.toggle("next",i===next)});cur=next;
}
function go(){
mark();var b=boxes[cur];
if(!b){live.textContent=view.dataset.allDone;return}
b.scrollIntoView({block:"center",inline:"center"});
var v={n:String(cur+1),count:String(boxes.length),label:b.dataset.label,page:b.dataset.page};live.textContent=view.dataset.boxOf.replace(/[{](n|count|label|page)[}]/g,function(m,k){return v[k]});
}
boxes.forEach(function(b){b.addEventListener("click",function(e){e.preventDefault();var c=control(b);if(c){c.focus();c.scrollIntoView({block:"center"})}})});
var nb=d.getElementById("pv-next");if(nb)nb.addEventListener("click",function(){go();var b=boxes[cur],c=b&&control(b);if(c)setTimeout(function(){c.focus({preventScroll:true})},0)});
function setZoom(z){zoom=Math.min(3,Math.max(1,z));inner.style.width=zoom*100+"%";d.getElementById("pv-zoom").textContent=Math.round(zoom*100)+"%"}
d.getElementById("pv-in").addEventListener("click",function(){setZoom(zoom+0.5)});
d.getElementById("pv-out").addEventListener("click",function(){setZoom(zoom-0.5)});
d.addEventListener("input",mark);d.addEventListener("change",mark);
d.getElementById("pv-bar").hidden=false;mark();
})();`;
