# The site's instances behind Varnish, probed on /readyz (default.vcl's `site_ready`), and the
# `origin` director default.vcl sends requests through. One `backend` per instance; edit the
# addresses. `npm run stack` and tests/edge.test.ts write their own copy of this file.
backend site_1 {
  .host = "127.0.0.1";
  .port = "4173";
  .probe = site_ready;
  .connect_timeout = 1s;
  .first_byte_timeout = 30s;
}

backend site_2 {
  .host = "127.0.0.1";
  .port = "4174";
  .probe = site_ready;
  .connect_timeout = 1s;
  .first_byte_timeout = 30s;
}

sub vcl_init {
  new origin = directors.round_robin();
  origin.add_backend(site_1);
  origin.add_backend(site_2);
}
