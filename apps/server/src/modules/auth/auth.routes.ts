import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  MSG,
  SESSION_COOKIE,
  csrfResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  otpRequestSchema,
  passwordResetSchema,
  registerRequestSchema,
  type Role,
} from '@svp/shared';
import { issueCsrfToken } from '../../http/csrf.js';
import { sessionCookieOptions } from '../../http/session.js';
import type { AuthService } from './auth.service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

/** HTTP only: parse, call the service, shape the reply. Rules live in auth.service.ts. */
export function authRoutes(auth: AuthService, secureCookies: boolean): FastifyPluginAsyncZod {
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
          response: { 201: okResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await auth.register(request.body as Required<typeof request.body>, meta(request));
        return reply.status(201).send({ success: true, message: MSG.register.success });
      },
    );

    const portals: [string, Role][] = [
      [API.login, 'user'],
      [API.adminLogin, 'admin'],
    ];
    for (const [url, portal] of portals) {
      app.post(
        url,
        {
          config: { access: 'public' },
          schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
        },
        async (request, reply) => {
          const presented = request.cookies[SESSION_COOKIE];
          if (presented) await auth.logout(presented); // rotate: a login never reuses an old session
          const result = await auth.login(request.body.email, request.body.password, portal, meta(request));
          reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(secureCookies, result.maxAgeSeconds));
          return { success: true as const, message: 'Login successful.', user: result.user };
        },
      );
    }

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
          response: { 200: okResponseSchema, 404: errorResponseSchema, ...errors },
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
        schema: { tags: ['auth'], body: passwordResetSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        const { email, otp, newPassword } = request.body;
        await auth.resetPassword(email, otp, newPassword, meta(request));
        return { success: true as const, message: MSG.otp.resetDone };
      },
    );
  };
}

function meta(request: { ip: string; headers: Record<string, unknown> }) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : undefined };
}
