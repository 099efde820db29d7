#
# Varnish in front of the site's instances (Varnish 7.1 from Debian, `xkey` from Debian's
# varnish-modules). What it keeps and for how long is the origin's word, not this file's:
#
# - Surrogate-Control (else CDN-Cache-Control, RFC 9213): `max-age` is the time-to-live,
#   `stale-while-revalidate` (RFC 5861) the time a stale page is answered at once while one
#   fetch renews it, `stale-if-error` the time a stale page is answered while the origin fails.
#   Without either header the answer's Cache-Control decides (built files, media); `private`,
#   `no-store`, `no-cache` or a Set-Cookie are never kept.
# - xkey: the cache tags of each page (the content it was made of). `PURGE` with an `xkey`
#   header from an allowed address drops every object carrying one of the tags
#   (src/server/edge/purge.ts sends it). The tags, Surrogate-Control and CDN-Cache-Control are
#   removed before the visitor.
#
# Start with `-p http_gzip_support=off` so the origin's brotli bodies reach visitors (this file
# narrows Accept-Encoding to one of br, gzip or none itself). The backends, their health probe and
# the `origin` director are in backends.vcl (deploy/varnish/backends.vcl is an example), found on
# `-p vcl_path`. Checked by tests/edge.test.ts against a real varnishd; docs/operations.md.
#
vcl 4.1;

import std;
import xkey;
import directors;

# Readiness, not liveness: an instance that cannot make pages is taken out (docs/operations.md).
probe site_ready {
  .request = "GET /readyz HTTP/1.1" "Host: localhost" "Connection: close" "User-Agent: varnish-probe";
  .interval = 1s;
  .timeout = 2s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}

# Who may PURGE: the instances (they purge after a publish), on this machine or the private network.
acl purgers {
  "127.0.0.1";
  "::1";
}

include "backends.vcl";

sub vcl_recv {
  set req.backend_hint = origin.backend();

  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(405, "Not allowed"));
    }
    if (!req.http.xkey) {
      return (synth(400, "PURGE needs an xkey header naming the tags"));
    }
    set req.http.x-purged = xkey.purge(req.http.xkey);
    return (synth(200, "Purged " + req.http.x-purged));
  }

  # A restart after a failed fetch (vcl_synth below) asks for the stale copy: stale-if-error.
  if (req.restarts == 0) {
    unset req.http.x-edge-stale-if-error;
    unset req.http.x-edge-refresh;
  }
  if (req.http.x-edge-refresh) {
    set req.hash_always_miss = true;
  }

  # Anything not a read is the origin's every time: leads, form posts, the webhook.
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The content API (the browser's content calls and leads), the webhook, probes and metrics.
  if (req.url ~ "^/(api/|_revalidate|healthz|readyz|metrics)") {
    return (pass);
  }
  # Editors' previews (docs/content-editors.md): the entry and exit addresses, the preview
  # cookie `__Host-corvane-preview`, or the address fallback's `corvane-preview` parameter (the
  # names of src/server/preview/cookie.ts). Never answered from the cache, never kept (the origin
  # says private, no-store). Any other cookie or parameter is no preview, and dropped below.
  if (req.url ~ "^/_preview" || req.http.Cookie ~ "(^|;\s*)__Host-corvane-preview=" || req.url ~ "[?&]corvane-preview=") {
    return (pass);
  }
  if (req.http.Authorization) {
    return (pass);
  }
  # No other cookie changes an answer (the consent banner's is read by the browser alone).
  unset req.http.Cookie;

  # One body per encoding the origin makes: br, gzip or none.
  if (req.http.Accept-Encoding ~ "\bbr\b") {
    set req.http.Accept-Encoding = "br";
  } elsif (req.http.Accept-Encoding ~ "\bgzip\b") {
    set req.http.Accept-Encoding = "gzip";
  } else {
    unset req.http.Accept-Encoding;
  }

  # A page's address as the origin keys it (src/content/canonicalAddress.ts): only the parameters a
  # page reads (a list's search, sort, filter and page, the contact page's `from`, a thought
  # paper's `download`), sorted; `utm_*`, `gclid` and anything else are the page already held.
  if (req.url ~ "\?" && req.url !~ "^[^?]*\.[A-Za-z0-9]+(\?|$)") {
    set req.url = regsuball(req.url, "([?&])(?!(search|sort|filter|page|from|download)(=|&|$))[^&]*", "\1");
    set req.url = regsuball(req.url, "&&+", "&");
    set req.url = regsub(req.url, "\?&+", "?");
    set req.url = regsub(req.url, "[?&]+$", "");
    set req.url = std.querysort(req.url);
  }
  return (hash);
}

sub vcl_hit {
  # Stale: within stale-while-revalidate, answered at once while one fetch renews it.
  if (obj.ttl + std.duration(obj.http.x-edge-swr, 0s) >= 0s) {
    return (deliver);
  }
  # Past it: the origin answers, unless it is down (the probe) or has just failed (a restart
  # from vcl_synth): then the stale copy is answered while stale-if-error lasts (the object's grace).
  if (req.http.x-edge-stale-if-error || !std.healthy(req.backend_hint)) {
    return (deliver);
  }
  set req.http.x-edge-refresh = "1";
  return (restart);
}

sub vcl_backend_response {
  # The origin's word for shared caches: Surrogate-Control, else CDN-Cache-Control.
  if (beresp.http.Surrogate-Control) {
    set beresp.http.x-edge-cc = beresp.http.Surrogate-Control;
  } elsif (beresp.http.CDN-Cache-Control) {
    set beresp.http.x-edge-cc = beresp.http.CDN-Cache-Control;
  }
  # A failed fetch with a stale copy to answer keeps the copy (stale-if-error).
  if (beresp.status >= 500 && (bereq.is_bgfetch || bereq.http.x-edge-refresh)) {
    return (abandon);
  }
  if (beresp.http.x-edge-cc) {
    if (beresp.http.x-edge-cc ~ "(?i)(no-store|private)" || beresp.http.Set-Cookie) {
      set beresp.uncacheable = true;
      set beresp.ttl = 120s;
      return (deliver);
    }
    set beresp.ttl = std.duration(regsub(beresp.http.x-edge-cc, "^(?:.*[ ,])?max-age=([0-9]+).*$", "\1s"), 0s);
    set beresp.http.x-edge-swr = regsub(beresp.http.x-edge-cc, "^(?:.*[ ,])?stale-while-revalidate=([0-9]+).*$", "\1s");
    if (beresp.http.x-edge-swr !~ "^[0-9]+s$") {
      set beresp.http.x-edge-swr = "0s";
    }
    # The grace holds the copy for both stale windows; vcl_hit decides which one applies.
    set beresp.grace = std.duration(beresp.http.x-edge-swr, 0s) + std.duration(regsub(beresp.http.x-edge-cc, "^(?:.*[ ,])?stale-if-error=([0-9]+).*$", "\1s"), 0s);
    # Kept past that for a conditional fetch (If-None-Match with the page's ETag: a 304 renews it).
    set beresp.keep = 1h;
    unset beresp.http.x-edge-cc;
    return (deliver);
  }
  # No word for shared caches: the answer's own Cache-Control (the built-in rules below).
  if (beresp.http.Cache-Control ~ "(?i)(no-store|private|no-cache)") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
}

sub vcl_backend_error {
  # The origin could not be reached: the visitor's side answers (vcl_synth): the stale copy if
  # there is one, else a clear page.
  return (abandon);
}

sub vcl_synth {
  if (req.method == "PURGE" && req.http.x-purged) {
    set resp.http.X-Purged = req.http.x-purged;
    return (deliver);
  }
  # A refresh that failed: once more, taking the stale copy.
  if (resp.status == 503 && req.http.x-edge-refresh && req.restarts < 3) {
    unset req.http.x-edge-refresh;
    set req.http.x-edge-stale-if-error = "1";
    return (restart);
  }
  if (resp.status == 503) {
    call edge_unavailable;
    return (deliver);
  }
}

# The origin is down and there is no copy: a clear page (a sentence for the content API), never kept.
sub edge_unavailable {
  set resp.http.Cache-Control = "private, no-store";
  set resp.http.Retry-After = "30";
  if (req.url ~ "^/api/") {
    set resp.http.Content-Type = "application/json";
    set resp.body = {"{"error": "the site cannot be reached just now; nothing was sent, please try again in a moment", "retryAfterSeconds": 30}"};
  } else {
    set resp.http.Content-Type = "text/html; charset=utf-8";
    set resp.body = {"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>We'll be right back</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>We'll be right back</h1>
<p>The site cannot be reached just now. If you were sending us a message or your details, they were <strong>not sent</strong>:
go back, and what you typed is still in the form; please send it again in a moment.</p>
</body></html>
"};
  }
}

sub vcl_backend_fetch {
  # The refresh flag is Varnish's own; the origin sees the visitor's request.
  unset bereq.http.x-edge-stale-if-error;
}

sub vcl_deliver {
  # Who answered, for operators and the tests: a hit and how many times the copy was used.
  if (obj.hits > 0) {
    set resp.http.X-Cache = "hit";
  } else {
    set resp.http.X-Cache = "miss";
  }
  set resp.http.X-Cache-Hits = obj.hits;
  unset resp.http.xkey;
  unset resp.http.Surrogate-Control;
  unset resp.http.CDN-Cache-Control;
  unset resp.http.x-edge-swr;
  unset resp.http.Via;
  unset resp.http.X-Varnish;
}
