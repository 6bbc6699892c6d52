/** Replaced by the real screen (issue 5). */
export default function ResetPasswordScreen() {
  return <main><h1>ResetPassword</h1></main>
}
