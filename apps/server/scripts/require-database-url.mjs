// `npm run test:pg` runs the API suite against PostgreSQL; it needs to know which server to use.
if (!process.env.DATABASE_URL) {
  console.error(
    'test:pg needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:pg',
  );
  process.exit(1);
}
