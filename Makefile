# The shop's commands. `make run` and `make test` work on a fresh machine with
# Go and Node: they install what is missing first.

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO_LDFLAGS := -s -w -X main.version=$(VERSION)
WEB_SOURCES := $(shell find web/src web/public web/index.html web/vite.config.ts web/tsconfig.json -type f 2>/dev/null)

.PHONY: run build test test-go test-web test-e2e bench audit clean cluster

run: build
	bin/shop serve --dev

build: bin/shop

bin/shop: web/dist/index.html $(shell find cmd internal web -name '*.go' -o -name '*.sql' 2>/dev/null) go.mod go.sum
	go build -tags webdist -trimpath -ldflags "$(GO_LDFLAGS)" -o bin/shop ./cmd/shop

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web/dist/index.html: web/node_modules/.installed $(WEB_SOURCES)
	cd web && npm run build

test: test-go test-web test-e2e

# Go vet and tests on SQLite, and on PostgreSQL too when SHOP_TEST_POSTGRES_URL is set (then
# with the three-instance test behind Caddy, which it installs when missing).
test-go:
	@if [ -n "$${SHOP_TEST_POSTGRES_URL:-}" ]; then scripts/ensure-caddy.sh >/dev/null; fi
	go vet ./...
	go test -timeout 30m ./...

# The OpenAPI document must pass Redocly's checks (web/redocly.yaml), and the API's TypeScript
# types must be what it makes (npm run gen:api).
test-web: web/node_modules/.installed
	cd web && npm run lint:api && npm run check:api && npm run typecheck && npm run lint && npm test

test-e2e: bin/shop
	scripts/ensure-chromium.sh
	cd web && CI=$${CI:-} npm run e2e

# Three instances behind Caddy on PostgreSQL (database shop_cluster) and an S3-compatible
# store, all on the loopback: browse http://127.0.0.1:8080 (scripts/cluster.sh).
cluster:
	scripts/cluster.sh

# Lighthouse (mobile, slow 4G) on /, /shop and a product page and axe on every public page,
# against a fresh `bin/shop serve --dev`; prints the scores, fails when a bar is missed.
audit: bin/shop
	scripts/audit.sh

# Go benchmarks of the list on 10,000 products, of a 10,000-row CSV import and of a 20,000-row
# import with a shopper writing meanwhile (imports run once), checkout under browsing load (45 s on
# each engine, PostgreSQL when SHOP_TEST_POSTGRES_URL is set), a year's reports at 100,000 orders
# (from the daily totals and, beside them, from the orders), then a load run against bin/shop:
# cold start, one address (cached), the static-file ratio, and the mixed list workload cached and
# uncached (figures, not a pass/fail; repeated on PostgreSQL in a schema of its own when
# SHOP_TEST_POSTGRES_URL is set, or in BENCH_POSTGRES_URL, an empty database); and three
# instances behind Caddy under 90 s of mixed load with one killed (SHOP_TEST_POSTGRES_URL).
bench: bin/shop
	go test -run '^$$' -skip '^BenchmarkCheckoutUnderLoad$$' -bench . -benchmem -benchtime 200x ./internal/catalog/ ./internal/httpapi/
	go test -run '^$$' -bench '^BenchmarkImport(WithShopperWrites)?$$' -benchtime 1x ./internal/catalogcsv/
	SHOP_BENCH_LOAD_TIME=$${SHOP_BENCH_LOAD_TIME:-45s} go test -run '^$$' -bench '^BenchmarkCheckoutUnderLoad$$' -benchtime 1x -timeout 30m ./internal/httpapi/
	go test -run '^$$' -bench 'BenchmarkAdminAtScale/.*/(after|year)/(report|days|counties|products|payments)' -benchtime 10x -timeout 30m ./internal/admin/
	scripts/bench.sh
	@if [ -n "$${SHOP_TEST_POSTGRES_URL:-}" ]; then scripts/ensure-caddy.sh >/dev/null; \
	  SHOP_CLUSTER_LOAD_TIME=$${SHOP_CLUSTER_LOAD_TIME:-90s} go test -count=1 -run '^TestThreeInstancesWithOneKilled$$' -v -timeout 30m ./cmd/shop/ >bin/cluster-bench.log 2>&1; \
	  status=$$?; grep -E 'cluster_test.go|^(ok|FAIL|---)' bin/cluster-bench.log; exit $$status; \
	else echo "three instances with one killed: skipped (SHOP_TEST_POSTGRES_URL is not set)"; fi

clean:
	rm -rf bin web/dist web/node_modules/.installed
