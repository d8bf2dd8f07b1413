import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  MSG,
  SESSION_COOKIE,
  adminLoginResponseSchema,
  csrfResponseSchema,
  totpSetupSchema,
  totpVerifyResponseSchema,
  totpVerifySchema,
  loginRequestSchema,
  userLoginResponseSchema,
  TWO_FACTOR_MSG,
  okResponseSchema,
  otpRequestSchema,
  passwordResetSchema,
  registerRequestSchema,
  type Role,
} from '@svp/shared';
import { issueCsrfToken, rotateCsrfToken } from '../../http/csrf.js';
import { sessionCookieOptions, sessionOf } from '../../http/session.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';
import type { TotpService } from './totp.js';
import { errorResponses } from '../../http/responses.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { requestMeta as meta } from '../../http/request-meta.js';
import { acceptedLanguage } from '../../http/accept-language.js';

/** HTTP only: parse, call the service, shape the reply. Rules live in auth.service.ts. */
export function authRoutes(
  auth: AuthService,
  totp: TotpService,
  users: UsersService,
  secureCookies: boolean,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.csrf,
      { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: csrfResponseSchema } } },
      async (request, reply) => ({ csrfToken: issueCsrfToken(request, reply, secureCookies) }),
    );

    app.post(
      API.register,
      {
        config: { access: 'public', idempotent: true },
        schema: {
          tags: ['auth'],
          body: registerRequestSchema,
          response: { 201: okResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        // The language the sign-up page was read in, else the browser's (DESIGN D19).
        const language = request.body.language ?? acceptedLanguage(request.headers['accept-language']);
        const input = { ...request.body, language } as Required<typeof request.body>;
        await auth.register(input, meta(request), request.idempotency);
        return reply.status(201).send({ success: true, message: MSG.register.success });
      },
    );

    const signIn = async (
      request: FastifyRequest,
      reply: FastifyReply,
      body: { email: string; password: string },
      portal: Role,
    ) => {
      const result = await auth.login(body.email, body.password, portal, meta(request));
      // Rotate once the credentials are proven: a login never reuses an old session, and a refused
      // attempt leaves the caller's current session alone.
      const presented = request.cookies[SESSION_COOKIE];
      if (presented) await auth.logout(presented);
      reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(secureCookies, result.maxAgeSeconds));
      rotateCsrfToken(reply, secureCookies);
      return result;
    };

    app.post(
      API.login,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          body: loginRequestSchema,
          response: { 200: userLoginResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await signIn(request, reply, request.body, 'user');
        // A user with a second factor: the code comes next (POST /auth/two-factor/verify), no snapshot before it.
        if (result.mfa === 'verify') {
          return { success: true as const, message: TWO_FACTOR_MSG.signInRequired, mfa: 'verify' as const };
        }
        return { success: true as const, message: 'Login successful.', user: result.user };
      },
    );

    // Admins: password first, then the second factor (set up on the first login).
    app.post(
      API.adminLogin,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          body: loginRequestSchema,
          response: { 200: adminLoginResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await signIn(request, reply, request.body, 'admin');
        const mfa = result.mfa ?? 'verify';
        return {
          success: true as const,
          message: mfa === 'setup' ? MSG.totp.setupRequired : MSG.totp.codeRequired,
          mfa,
        };
      },
    );
    app.post(
      API.adminTotpSetup,
      {
        config: { access: 'admin-mfa' },
        schema: { tags: ['auth'], response: { 200: totpSetupSchema, ...errorResponses } },
      },
      async (request) => totp.setup(sessionOf(request).userId),
    );
    app.post(
      API.adminTotpVerify,
      {
        config: { access: 'admin-mfa' },
        schema: {
          tags: ['auth'],
          body: totpVerifySchema,
          response: { 200: totpVerifyResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const recoveryCodes = await totp.verify(
          { userId: session.userId, role: 'admin', sessionHash: session.tokenHash, ip: request.ip },
          request.body.code,
          'sign-in',
        );
        const user = await users.snapshotById(session.userId);
        return {
          success: true as const,
          message: recoveryCodes ? MSG.totp.enabled : MSG.totp.verified,
          user: user!,
          ...(recoveryCodes ? { recoveryCodes } : {}),
        };
      },
    );

    // Step-up before sensitive changes to the admin's own account: a fresh code on a signed-in session.
    app.post(
      API.adminReauth,
      {
        config: { access: 'admin', permission: 'console.use' },
        schema: { tags: ['auth'], body: totpVerifySchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const session = sessionOf(request);
        await totp.verify(
          { userId: session.userId, role: 'admin', sessionHash: session.tokenHash, ip: request.ip },
          request.body.code,
          'reauth',
        );
        return { success: true as const, message: MSG.totp.reauthenticated };
      },
    );

    await twoFactorRoutes(app, auth, totp, users);

    app.post(
      API.logout,
      { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: okResponseSchema } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await auth.logout(token);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { success: true as const, message: 'Logged out.' };
      },
    );

    app.post(
      API.otpRequest,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          body: otpRequestSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await auth.requestOtp(request.body.email, meta(request));
        return { success: true as const, message: MSG.otp.sent };
      },
    );

    app.post(
      API.passwordReset,
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: passwordResetSchema, response: { 200: okResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const { email, otp, newPassword } = request.body;
        await auth.resetPassword(email, otp, newPassword, meta(request));
        return { success: true as const, message: MSG.otp.resetDone };
      },
    );
  };
}
