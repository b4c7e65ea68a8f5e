package ussd

import (
	"crypto/rand"
	"encoding/base64"
	"html/template"
	"net/http"
)

// Phone is /dev/ussd: a feature phone drawn in the browser (a screen and a
// keypad, used with the mouse, the keyboard or a finger) that talks to the
// USSD menu as Africa's Talking does: a form post per screen with the
// session's id, the code dialled, the phone number typed and every input so
// far joined by "*", then the end-of-session notification. Served in --dev
// only: the page holds the callback secret.
type Phone struct {
	// MenuURL is the menu's callback path, with its secret; the
	// notification goes to MenuURL + "events/".
	MenuURL     string
	ServiceCode string
}

func (p *Phone) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	nonce := base64.StdEncoding.EncodeToString(b)
	h := w.Header()
	// The shop's policy, with this page's own script and style let in by nonce.
	h.Set("Content-Security-Policy", "default-src 'self'; script-src 'nonce-"+nonce+"'; style-src 'nonce-"+nonce+"'; "+
		"connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'none'; object-src 'none'")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	_ = phonePage.Execute(w, map[string]string{"Nonce": nonce, "Menu": p.MenuURL, "Code": p.ServiceCode})
}

var phonePage = template.Must(template.New("phone").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>USSD phone (dev) | Mifugo Bora Feeds</title>
<style nonce="{{.Nonce}}">
body{font-family:system-ui,sans-serif;background:#eef1ea;margin:0;padding:16px;color:#1f2d1f}
.phone{max-width:300px;margin:0 auto;background:#2b2f33;border-radius:28px;padding:22px 18px;box-shadow:0 6px 20px #0004}
label{display:block;color:#dfe5da;font-size:13px;margin-bottom:8px}
label input{width:100%;box-sizing:border-box;padding:6px;border-radius:6px;border:0;font-size:15px}
.screen{background:#b9c9a3;color:#10210c;font-family:ui-monospace,monospace;font-size:14px;min-height:190px;border-radius:6px;
padding:8px;white-space:pre-wrap;word-break:break-word;margin:10px 0}
.typed{background:#d9e5c7;border-radius:4px;padding:4px 6px;min-height:20px;font-family:ui-monospace,monospace;margin-top:6px}
.keys{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.keys button{font-size:20px;padding:12px 0;border-radius:14px;border:0;background:#474d54;color:#fff;touch-action:manipulation}
.keys button:focus-visible{outline:3px solid #f0c419}
.keys .send{background:#2f8f3a}.keys .end{background:#b3261e}.keys .del{background:#6b7178}
.hint{font-size:12px;color:#55604f;text-align:center;max-width:300px;margin:10px auto}
</style></head>
<body><div class="phone">
<label>Phone number <input id="msisdn" value="+254712345678" inputmode="tel" autocomplete="off"></label>
<div class="screen" id="screen" role="status" aria-live="polite">Dial {{.Code}} and press Send.</div>
<div class="typed" id="typed" aria-label="Typed">{{.Code}}</div>
<div class="keys" id="keys">
<button>1</button><button>2</button><button>3</button><button>4</button><button>5</button><button>6</button>
<button>7</button><button>8</button><button>9</button><button>*</button><button>0</button><button>#</button>
<button class="send" data-key="send" aria-label="Send">Send</button><button class="del" data-key="del" aria-label="Delete">Del</button><button class="end" data-key="end" aria-label="End">End</button>
</div></div>
<p class="hint">Keyboard: digits, letters (a county's name), * and #, Enter sends, Backspace deletes, Escape ends. Speaks to the shop's USSD endpoint as Africa's Talking would.</p>
<script nonce="{{.Nonce}}">
(function(){
  var menu = {{.Menu}}, code = {{.Code}};
  var screen = document.getElementById('screen'), typed = document.getElementById('typed'), msisdn = document.getElementById('msisdn');
  var session = null, inputs = [], started = 0, hops = 0, last = '', busy = false;
  function show(){ typed.textContent = buffer; }
  var buffer = code;
  function post(url, fields){
    var body = new URLSearchParams(fields);
    return fetch(url, {method:'POST', headers:{'Content-Type':'application/x-www-form-urlencoded'}, body: body.toString()});
  }
  function finish(status){
    if (!session) return;
    post(menu + 'events/', {sessionId: session, serviceCode: code, networkCode: '99999', phoneNumber: msisdn.value,
      status: status, input: inputs.join('*'), lastAppResponse: last, hopsCount: String(hops),
      durationInMillis: String(Date.now() - started), cost: 'KES 0.00', date: new Date().toISOString().slice(0,19).replace('T',' ')});
    session = null; inputs = [];
  }
  function send(){
    if (busy) return;
    if (!session) {
      if (buffer !== code) { screen.textContent = 'Dial ' + code + ' to open the menu.'; return; }
      session = 'dev-' + Math.random().toString(36).slice(2) + Date.now().toString(36);
      started = Date.now(); hops = 0;
    } else {
      inputs.push(buffer);
    }
    buffer = ''; show(); busy = true; hops++;
    post(menu, {sessionId: session, serviceCode: code, phoneNumber: msisdn.value, networkCode: '99999', text: inputs.join('*')})
      .then(function(r){ return r.text().then(function(t){ return {ok: r.ok, text: t}; }); })
      .then(function(a){
        busy = false; last = a.text;
        if (a.ok && a.text.indexOf('CON ') === 0) { screen.textContent = a.text.slice(4); return; }
        screen.textContent = a.ok && a.text.indexOf('END ') === 0 ? a.text.slice(4) : 'Connection problem or invalid MMI code.';
        finish(a.ok ? 'Success' : 'Failed'); buffer = code; show();
      })
      .catch(function(){ busy = false; screen.textContent = 'Connection problem.'; finish('Failed'); buffer = code; show(); });
  }
  function end(){ if (session) { finish('Incomplete'); screen.textContent = 'Session ended.'; } buffer = code; show(); }
  function key(k){
    if (k === 'send') return send();
    if (k === 'end') return end();
    if (k === 'del') { buffer = buffer.slice(0, -1); return show(); }
    if (buffer.length < 40) { buffer += k; show(); }
  }
  document.getElementById('keys').addEventListener('click', function(e){
    var b = e.target.closest('button'); if (!b) return;
    if (!session && buffer === code && !b.dataset.key) buffer = '';
    key(b.dataset.key || b.textContent);
  });
  document.addEventListener('keydown', function(e){
    if (e.target === msisdn) return;
    // Letters stand for a handset's multi-tap typing: the menu asks for a county by name.
    if (/^[0-9A-Za-z*#]$/.test(e.key)) { if (!session && buffer === code) buffer = ''; key(e.key); e.preventDefault(); }
    else if (e.key === 'Enter') { key('send'); e.preventDefault(); }
    else if (e.key === 'Backspace') { key('del'); e.preventDefault(); }
    else if (e.key === 'Escape') { key('end'); e.preventDefault(); }
  });
  show();
})();
</script></body></html>
`))
