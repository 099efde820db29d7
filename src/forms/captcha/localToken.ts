/** The token of the local test captcha (CONTENT-API 7); the fixture service accepts it when no reCAPTCHA secret is set. */
export const localCaptchaToken = "local-test-token";
