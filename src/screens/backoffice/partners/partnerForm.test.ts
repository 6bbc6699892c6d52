import { describe, expect, it } from 'vitest'
import { emptyPartnerValues, validatePartner, type PartnerFormValues } from './partnerForm.ts'

const at = (lat: string, lng: string): PartnerFormValues => ({
  ...emptyPartnerValues,
  status: 'ACTIF',
  name: 'Chez Marius',
  description: 'Bistrot',
  email: 'contact@marius.fr',
  phone: '04 91 00 00 00',
  categories: [{ label: 'Restaurant', icon: 'silverware-fork-knife' }],
  location: { address: '1 quai du Port', city: 'Marseille', position: { lat, lng } },
})

const positionErrors = (lat: string, lng: string) =>
  (validatePartner(at(lat, lng)).location as { position?: unknown } | undefined)?.position

describe('validatePartner, coordinates', () => {
  it('takes the ends of both ranges, with a comma too', () => {
    for (const [lat, lng] of [
      ['90', '180'],
      ['-90', '-180'],
      ['43,2965', '5,3698'],
    ])
      expect(positionErrors(lat, lng), `${lat} ${lng}`).toBeUndefined()
  })

  it('says the range of a number out of it, and asks for a number when it is not one', () => {
    expect(positionErrors('90.5', '200')).toEqual({
      lat: 'La latitude doit être comprise entre -90 et 90.',
      lng: 'La longitude doit être comprise entre -180 et 180.',
    })
    expect(positionErrors('-91', '-180.01')).toEqual({
      lat: 'La latitude doit être comprise entre -90 et 90.',
      lng: 'La longitude doit être comprise entre -180 et 180.',
    })
    expect(positionErrors('nord', '5°E')).toEqual({
      lat: 'Veuillez saisir un nombre',
      lng: 'Veuillez saisir un nombre',
    })
  })
})
