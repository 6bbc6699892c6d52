/** Replaced by the real screen (issue 5). */
export default function ForgotPasswordScreen() {
  return <main><h1>ForgotPassword</h1></main>
}
