export default function Login() {
  return (
    <form>
      <label>
        E-mail <input type="email" name="email" />
      </label>
      <button type="submit">Se connecter</button>
    </form>
  )
}
