import { defineFuzzSuite } from './suite.js';

// Admin console routes (access 'admin'): bodies, query strings and ids, as every role.
defineFuzzSuite('admin', { subnet: 62, allowedRuns: 40 });
