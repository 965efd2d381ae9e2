// Import rules of the monorepo, checked by test/architecture.unit.test.ts in `make test`
// (`npx depcruise -c .dependency-cruiser.cjs services/*/src packages/*/src packages/engines/*/src packages/ports/*/src` shows the same report).
// Layers inside a service: routes and consumers -> operations -> repositories (I/O) -> domain (pure);
// search and payments are ports with their adapters, imported only by the service's declaration
// (app.ts, *.need.ts). No folder may need a folder that needs it back; no service imports another;
// no service has a Kafka client of its own (the bus port carries its events); engine drivers live in
// packages/engines/*, which only the composition roots import.
/** The engines' client libraries (their resolved paths under node_modules, or the bare name if unresolved). */
const DRIVERS =
  '(^|/)(@platformatic/kafka|mongoose|mongodb|ioredis|nodemailer|smtp-server|@seald-io/nedb|@elastic/elasticsearch|@clickhouse/client|chdb)(/|$)';
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment:
        'Two folders of a service or package import each other (e.g. domain/ <-> repositories/): move the shared piece down a layer.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(services|packages)/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      comment: 'Two modules import each other, directly or through others.',
      severity: 'error',
      from: { path: '^(services|packages)/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'packages-not-to-services',
      comment: 'Shared packages never know a service; only the composition root (packages/embedded) does.',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/embedded/' },
      to: { path: '^services/' },
    },
    {
      name: 'services-not-to-other-services',
      comment: 'A service never imports another one: they learn about each other through events and HTTP.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'services-not-to-kafka-client',
      comment:
        'A service reaches Kafka through the EventBus port of @limo/platform (publish, subscribe, subscribeBatch), never with a client of its own.',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '(^|/)@platformatic/kafka(/|$)' },
    },
    {
      name: 'drivers-only-in-engine-packages',
      comment:
        'An engine driver (Kafka, MongoDB, Redis, SMTP, NeDB, Elasticsearch, ClickHouse clients) is imported only by its engine ' +
        'package (packages/engines/<name>), whose adapters the composition root passes to the runtime: services and the ' +
        'platform see ports, and a service depends only on the engines its main.ts passes.',
      severity: 'error',
      from: { path: '^(services|packages)/', pathNot: '^packages/engines/' },
      to: { path: DRIVERS },
    },
    {
      name: 'engine-packages-only-from-the-root',
      comment:
        "An engine package is imported only by a composition root (a service's main.ts, migrate.ts (a job's entry) or scripts/, packages/embedded): " +
        "the platform and the services' own code never know which engines they run on.",
      severity: 'error',
      from: {
        path: '^(services|packages)/',
        pathNot: ['^packages/engines/', '^packages/embedded/', '^services/[^/]+/src/((main|migrate)\\.ts$|scripts/)'],
      },
      to: { path: '^packages/engines/' },
    },
    {
      name: 'adapters-only-from-the-declaration',
      comment:
        'An adapter module (<engine>.<capability>.ts: stripe.payments.ts, elasticsearch.company-search.ts…) is imported only by the ' +
        "service's declaration (app.ts, a *.need.ts), its public index.ts, its scripts, or files of its own folder: routes, " +
        'consumers, operations and domain code see the port, never an engine.',
      severity: 'error',
      from: {
        path: '^(services/[^/]+/src/.*/)[^/]+$',
        pathNot: ['^services/[^/]+/src/(app|index)\\.ts$', '\\.need\\.ts$', '^services/[^/]+/src/scripts/'],
      },
      to: {
        path: '^services/[^/]+/src/.*(stripe|simulator|embedded|elasticsearch|clickhouse|kafka|redis|mongo|nedb|memory|inprocess|disk|gridfs|smtp|file)\\.[a-z-]+\\.ts$',
        pathNot: '^$1[^/]+$',
      },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    // Its paths map each @limo/* workspace to its sources, so imports between workspaces are followed.
    tsConfig: { fileName: 'tsconfig.test.json' },
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    exclude: { path: ['(^|/)dist/', '(^|/)test/', '\\.test\\.ts$'] },
  },
};
