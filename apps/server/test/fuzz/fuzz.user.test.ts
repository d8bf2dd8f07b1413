import { defineFuzzSuite } from './suite.js';

// Customer routes (access 'user'): bodies, query strings and ids, as every role.
defineFuzzSuite('user', { subnet: 61, allowedRuns: 30 });
