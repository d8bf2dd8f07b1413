import { defineFuzzSuite } from './suite.js';

// Public, any-signed-in and second-factor routes: sign-up, login, password reset, config, test clock.
defineFuzzSuite('public', { subnet: 63, allowedRuns: 25 });
