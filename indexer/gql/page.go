package gql

// queryPage is the page a GET serves: a query box and a variables box
// posted with fetch to the same address; nothing loaded from elsewhere.
const queryPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphQL</title>
<style>
body { font-family: sans-serif; margin: 1em; }
textarea { width: 100%; font-family: monospace; }
pre { background: #f4f4f4; padding: 0.5em; white-space: pre-wrap; }
</style>
</head>
<body>
<h1>GraphQL</h1>
<p>POST {"query", "variables"} to this address, or try a query here.</p>
<label for="q">Query</label>
<textarea id="q" rows="12">{
  processor_status {
    processor
    last_success_version
  }
}</textarea>
<label for="v">Variables (JSON)</label>
<textarea id="v" rows="4">{}</textarea>
<p><button id="run" type="button">Run</button></p>
<pre id="out"></pre>
<script>
document.getElementById("run").addEventListener("click", async function () {
  var out = document.getElementById("out");
  var vars;
  try {
    vars = JSON.parse(document.getElementById("v").value || "{}");
  } catch (e) {
    out.textContent = "variables: " + e;
    return;
  }
  try {
    var res = await fetch(window.location.pathname, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: document.getElementById("q").value, variables: vars })
    });
    out.textContent = JSON.stringify(await res.json(), null, 2);
  } catch (e) {
    out.textContent = String(e);
  }
});
</script>
</body>
</html>
`
