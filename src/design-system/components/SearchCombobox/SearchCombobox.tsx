import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import {
  useCombobox,
  useMultipleSelection,
  type UseComboboxState,
  type UseComboboxStateChangeOptions,
} from 'downshift'
import styled from 'styled-components'
import { Icon, mdiClose, mdiPlus } from '@/src/design-system/icons/index.ts'
import { Chip } from '../Chip/index.ts'
import { normalizeSearch } from '../DataTable/DataTable.tsx'
import { Spinner } from '../Spinner/index.ts'
import { FieldLabel, FieldRoot, HelperText, TextField } from '../TextField/index.ts'
import { POPUP_MAX_HEIGHT, usePopupPosition } from './usePopupPosition.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

const Anchor = styled.div`
  position: relative;
`

const ChipBox = styled.div`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 5px 40px 5px 8px;
  border: 1px solid ${theme.colors.inputBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  cursor: text;
  &:focus-within {
    border-color: ${theme.colors.primary};
    box-shadow: 0 0 0 1px ${theme.colors.primary};
  }
  &[data-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &[data-disabled='true'] {
    background: ${theme.colors.surfaceMuted};
    cursor: not-allowed;
  }
`

const ChipInput = styled.input`
  flex: 1 1 120px;
  min-width: 80px;
  padding: 6px 4px;
  border: 0;
  outline: none;
  background: transparent;
  color: ${theme.colors.text};
  &::placeholder {
    color: ${theme.colors.textMuted};
    opacity: 1;
  }
  &:focus-visible {
    outline: none;
  }
`

const ClearButton = styled.button`
  position: absolute;
  top: 6px;
  right: 4px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
`

/* Fixed on <body>, over the anchor's box: no container's overflow or stacking context can cut the list. */
const Layer = styled.div`
  position: fixed;
  z-index: ${theme.zIndices.tooltip};
`

const Popup = styled.ul`
  max-height: min(${POPUP_MAX_HEIGHT}px, var(--popup-max-height, ${POPUP_MAX_HEIGHT}px));
  margin: 0;
  padding: 4px 0;
  overflow-y: auto;
  list-style: none;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[3]};
`

const Option = styled.li`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 8px 12px;
  cursor: pointer;
  &[data-active='true'] {
    background: ${theme.colors.primaryLight};
  }
  & > svg {
    flex: none;
  }
`

const OptionText = styled.span`
  display: flex;
  flex-direction: column;
  & > small {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
  }
`

const Message = styled.p`
  margin: 0;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[3]};
  padding: 8px 12px;
  color: ${theme.colors.textMuted};
`

/** What the list holds: the options, then possibly 'Créer « … »'. */
type Entry<T> = { kind: 'option'; option: T; key: string } | { kind: 'create'; text: string; key: string }

interface CommonProps<T> {
  /** Nom du champ : libellé visible, ou seulement lu par le lecteur d’écran avec `hideLabel`. */
  label: string
  /** Libellé lu par le lecteur d’écran mais pas affiché (champ de recherche d’un en-tête). */
  hideLabel?: boolean
  /** Les options connues, filtrées pendant la saisie (sans tenir compte des accents ni des majuscules). */
  options?: readonly T[]
  /** Cherche les options pour le texte saisi (après une courte pause de frappe) ; remplace `options`. */
  loadOptions?: (query: string) => Promise<readonly T[]>
  /** Pause après la dernière touche avant de lancer la recherche, en millisecondes. */
  debounceMs?: number
  /** Appelée quand la recherche échoue (la liste reste comme elle était). */
  onLoadError?: (error: unknown) => void
  /** Le texte affiché pour une option. */
  getOptionLabel: (option: T) => string
  /** Un identifiant stable par option ; par défaut son texte. */
  getOptionKey?: (option: T) => string
  /** Une seconde ligne grisée sous l’option (par exemple la région d’une ville). */
  getOptionDescription?: (option: T) => string | undefined
  /** L’icône d’une option, dans la liste et dans les étiquettes (par exemple une icône de catégorie). */
  renderOptionIcon?: (option: T) => ReactNode
  /**
   * Un texte qui ne correspond à aucune option devient une dernière option « Créer « … » » ; la choisir appelle
   * cette fonction.
   */
  onCreate?: (text: string) => void
  /** Nom de la liste pour le lecteur d’écran ; par défaut le libellé. */
  listLabel?: string
  /** Affiché sous le champ quand le texte ne trouve rien. */
  noOptionsText?: string
  /** Affiché sous le champ pendant la recherche, tant que rien n’est listé. */
  loadingText?: string
  /** Texte indicatif dans le champ vide : ce qu’on peut taper. */
  placeholder?: string
  /** Message d’erreur sous le champ, relié à lui et lu avec lui. */
  error?: string | null
  /** Aide sous le champ quand il n’y a pas d’erreur. */
  helperText?: ReactNode
  /** Le champ ne répond plus et paraît estompé. */
  disabled?: boolean
  /** Champ obligatoire : astérisque après le libellé, annoncé au lecteur d’écran. */
  required?: boolean
  /** Appelée quand le champ perd le focus. */
  onBlur?: () => void
  /** Identifiant du champ (sinon un identifiant unique est créé). */
  id?: string
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
}

export interface SingleSearchComboboxProps<T> extends CommonProps<T> {
  /** Choix unique (par défaut). */
  multiple?: false
  /**
   * Appelée avec l’option choisie (le champ montre alors son texte) ; un indicateur tourne tant que la promesse
   * rendue n’est pas finie.
   */
  onChange: (option: T) => void | Promise<void>
  /** Un tracé d’icône avant le texte. */
  leadingIcon?: string
  /** `pill` donne l’apparence arrondie d’un champ de recherche. */
  shape?: 'default' | 'pill'
  /**
   * `search` pour un champ de recherche (le clavier du téléphone affiche « Rechercher »), `text` par défaut.
   */
  type?: 'text' | 'search'
}

export interface MultipleSearchComboboxProps<T> extends CommonProps<T> {
  /** Choix multiples : les éléments choisis deviennent des étiquettes. */
  multiple: true
  /** Les éléments choisis, montrés en étiquettes avant le texte. */
  value: T[]
  /** Appelée avec la nouvelle liste des éléments choisis. */
  onChange: (value: T[]) => void
}

export type SearchComboboxProps<T> = SingleSearchComboboxProps<T> | MultipleSearchComboboxProps<T>

/**
 * Options found for the debounced text; `query` tells which text they answer (stale answers are dropped). The
 * `chosen` label (the text a choice put in the box) is not searched: the last options stay, and a paid search
 * such as Google's does not open a new session for it.
 */
function useLoadedOptions<T>(
  text: string,
  chosen: string | null,
  loadOptions: CommonProps<T>['loadOptions'],
  debounceMs: number,
  onLoadError: CommonProps<T>['onLoadError'],
) {
  const [found, setFound] = useState<{ query: string; options: readonly T[] }>({ query: '', options: [] })
  const query = text.trim()
  const settled = chosen !== null && text === chosen
  const latestError = useRef(onLoadError)
  useEffect(() => {
    latestError.current = onLoadError
  })
  useEffect(() => {
    if (!loadOptions || !query || settled) return
    let current = true
    const timer = setTimeout(() => {
      loadOptions(query).then(
        (options) => {
          if (current) setFound({ query, options })
        },
        (error: unknown) => {
          if (current) latestError.current?.(error)
        },
      )
    }, debounceMs)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [loadOptions, query, settled, debounceMs])
  // An emptied box lists nothing; the answer for an earlier text stays listed until the new one comes.
  return {
    options: query ? found.options : [],
    loading: Boolean(loadOptions) && query !== '' && !settled && found.query !== query,
  }
}

/**
 * A search box with a list of options (the ARIA combobox pattern, on Downshift): type to filter or to search
 * (loadOptions), arrows and Enter or a click to choose; the typed text's first match is highlighted, so Enter
 * picks it. Single: the chosen option's label fills the box. Multiple: chosen items become chips (Backspace in
 * the empty box removes the last, 'Tout effacer' all) and the list stays open for the next one. The list is
 * portaled to <body>; it opens on a click, a key or typing, never by a focus coming back (e.g. from a dialog).
 */
export function SearchCombobox<T>(props: SearchComboboxProps<T>) {
  const {
    label,
    hideLabel = false,
    options: knownOptions,
    loadOptions,
    debounceMs = 250,
    onLoadError,
    getOptionLabel,
    getOptionKey = getOptionLabel,
    getOptionDescription,
    renderOptionIcon,
    onCreate,
    listLabel,
    noOptionsText = 'Aucune option',
    loadingText = 'Recherche…',
    placeholder,
    error,
    helperText,
    disabled = false,
    onBlur,
    id,
    className,
  } = props
  const generatedId = useId()
  const inputId = id ?? generatedId
  const helpId = `${inputId}-help`
  const optionId = (index: number) => `${inputId}-option-${index}`
  const anchor = useRef<HTMLDivElement>(null)
  // Found by its id when a chip's removal gives it the focus back (Downshift holds the element's own ref).
  const focusInput = () => document.getElementById(inputId)?.focus()
  const [text, setText] = useState('')
  // The label a single choice put in the box (typing makes it a search again).
  const [chosenLabel, setChosenLabel] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const chosen = props.multiple ? props.value : null

  const loaded = useLoadedOptions(text, chosenLabel, loadOptions, debounceMs, onLoadError)
  const query = normalizeSearch(text.trim())
  const entries = useMemo((): Entry<T>[] => {
    if (loadOptions) {
      return loaded.options.map((option) => ({ kind: 'option', option, key: getOptionKey(option) }))
    }
    const all = knownOptions ?? []
    const chosenKeys = new Set((chosen ?? []).map(getOptionKey))
    const matching: Entry<T>[] = all
      .filter(
        (option) =>
          !chosenKeys.has(getOptionKey(option)) && normalizeSearch(getOptionLabel(option)).includes(query),
      )
      .map((option) => ({ kind: 'option', option, key: getOptionKey(option) }))
    const named = all.some((option) => normalizeSearch(getOptionLabel(option)) === query)
    return onCreate && query && !named
      ? [...matching, { kind: 'create', text: text.trim(), key: `create:${query}` }]
      : matching
  }, [loadOptions, loaded.options, knownOptions, chosen, getOptionKey, getOptionLabel, query, onCreate, text])

  const multipleSelection = useMultipleSelection<T>({
    selectedItems: chosen ?? [],
    itemToKey: (item) => (item === null ? null : getOptionKey(item)),
    onSelectedItemsChange: ({ selectedItems }) => {
      if (props.multiple) props.onChange(selectedItems)
    },
    // Chips are left and right of nothing here: each has its own 'Retirer' button in the tab order.
    stateReducer: (state, { type, changes }) =>
      type === useMultipleSelection.stateChangeTypes.DropdownKeyDownNavigationPrevious ? state : changes,
  })

  const choose = (entry: Entry<T>) => {
    if (entry.kind === 'create') {
      onCreate?.(entry.text)
      return
    }
    if (props.multiple) {
      multipleSelection.addSelectedItem(entry.option)
      return
    }
    setChosenLabel(getOptionLabel(entry.option))
    const pending = props.onChange(entry.option)
    if (pending) {
      setBusy(true)
      void pending.finally(() => setBusy(false))
    }
  }

  const stateReducer = (
    state: UseComboboxState<Entry<T>>,
    { type, changes }: UseComboboxStateChangeOptions<Entry<T>>,
  ): Partial<UseComboboxState<Entry<T>>> => {
    const types = useCombobox.stateChangeTypes
    switch (type) {
      case types.InputKeyDownEnter:
      case types.ItemClick:
        // Enter with nothing highlighted does nothing. Multiple: the box empties and the list stays open for the next item.
        if (!changes.selectedItem) return state
        return props.multiple || changes.selectedItem.kind === 'create'
          ? { ...changes, inputValue: '', isOpen: Boolean(props.multiple), highlightedIndex: -1 }
          : changes
      case types.InputBlur:
        // Leaving the box chooses nothing.
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue }
      case types.InputClick:
        return { ...changes, isOpen: true, highlightedIndex: state.isOpen ? state.highlightedIndex : -1 }
      case types.InputChange:
        // The first match is highlighted (Enter picks it); found options are only highlighted by the arrows.
        return { ...changes, highlightedIndex: !loadOptions && changes.inputValue?.trim() ? 0 : -1 }
      case types.ControlledPropUpdatedSelectedItem:
        // selectedItem is held at null, but Downshift remembers the last item chosen internally: the next action
        // (a click in the box, an arrow, the pointer leaving the list) 'reconciles' the two and sets the text to
        // itemToString(null), emptying the box. The chosen label stays.
        return state
      case types.InputKeyDownEscape:
        // Escape on a closed list clears nothing (and lets a surrounding dialog close).
        return state.isOpen ? changes : state
      default:
        return changes
    }
  }

  const combobox = useCombobox<Entry<T>>({
    items: entries,
    itemToString: (entry) => (entry && entry.kind === 'option' ? getOptionLabel(entry.option) : ''),
    itemToKey: (entry) => entry?.key,
    inputId,
    getItemId: optionId,
    // The entry chosen is handed over at once; the combobox itself keeps none.
    selectedItem: null,
    inputValue: text,
    onInputValueChange: ({ type, inputValue }) => {
      setText(inputValue ?? '')
      if (type === useCombobox.stateChangeTypes.InputChange) setChosenLabel(null)
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) choose(selectedItem)
    },
    stateReducer,
  })
  const { isOpen, highlightedIndex } = combobox
  // A highlighted option beyond a shorter list (options just removed or reloaded) is no option.
  const activeIndex = highlightedIndex < entries.length ? highlightedIndex : -1
  const expanded = isOpen && !disabled
  const showList = expanded && entries.length > 0
  const message = expanded && !showList && text.trim() ? (loaded.loading ? loadingText : noOptionsText) : null
  const position = usePopupPosition(anchor, expanded)

  const help = error || helperText
  const inputProps = combobox.getInputProps(
    {
      // Backspace in the empty box removes the last chip, list open or not (a single box has no chips).
      ...multipleSelection.getDropdownProps(),
      disabled,
      placeholder: props.multiple && props.value.length > 0 ? undefined : placeholder,
      autoComplete: 'off',
      'aria-activedescendant': showList && activeIndex >= 0 ? optionId(activeIndex) : undefined,
      'aria-expanded': showList,
      // The visible label is the field's own <label for>; the name never hangs on a label Downshift did not draw.
      'aria-labelledby': undefined,
      'aria-label': hideLabel ? label : undefined,
      'aria-invalid': error ? true : undefined,
      'aria-required': props.required || undefined,
      'aria-describedby': help && props.multiple ? helpId : undefined,
      onBlur: () => onBlur?.(),
    },
    { suppressRefError: true },
  )

  const reopen = () => {
    focusInput()
    combobox.openMenu()
  }

  const list = (
    <Layer style={position} hidden={!expanded || (!showList && !message)}>
      <Popup
        {...combobox.getMenuProps({ 'aria-label': listLabel ?? label }, { suppressRefError: true })}
        aria-multiselectable={props.multiple || undefined}
        aria-busy={loaded.loading || undefined}
        hidden={!showList}
      >
        {showList
          ? entries.map((entry, index) => (
              <Option
                key={entry.key}
                {...combobox.getItemProps({ item: entry, index })}
                aria-selected={props.multiple ? false : index === activeIndex}
                data-active={index === activeIndex}
              >
                {entry.kind === 'create' ? (
                  <>
                    <Icon path={mdiPlus} size={18} />
                    Créer « {entry.text} »
                  </>
                ) : (
                  <>
                    {renderOptionIcon?.(entry.option)}
                    {getOptionDescription ? (
                      <OptionText>
                        {getOptionLabel(entry.option)}
                        <small>{getOptionDescription(entry.option)}</small>
                      </OptionText>
                    ) : (
                      getOptionLabel(entry.option)
                    )}
                  </>
                )}
              </Option>
            ))
          : null}
      </Popup>
      {message ? <Message role="status">{message}</Message> : null}
    </Layer>
  )

  if (!props.multiple) {
    return (
      <Anchor ref={anchor} className={className}>
        <TextField
          {...inputProps}
          label={hideLabel ? undefined : label}
          required={props.required}
          type={props.type}
          shape={props.shape}
          leadingIcon={props.leadingIcon}
          trailing={busy ? <Spinner size={18} /> : undefined}
          error={error}
          helperText={helperText}
        />
        {createPortal(list, document.body)}
      </Anchor>
    )
  }
  return (
    <FieldRoot className={className}>
      {hideLabel ? null : (
        <FieldLabel htmlFor={inputId} data-required={props.required || undefined}>
          {label}
        </FieldLabel>
      )}
      <Anchor ref={anchor}>
        <ChipBox
          data-invalid={Boolean(error)}
          data-disabled={disabled}
          onMouseDown={(event) => {
            // A click on the empty part of the box focuses the input rather than blurring it.
            if (event.target === event.currentTarget) {
              event.preventDefault()
              focusInput()
            }
          }}
        >
          {props.value.map((item) => (
            <Chip
              key={getOptionKey(item)}
              size="small"
              variant="primary"
              label={getOptionLabel(item)}
              icon={renderOptionIcon?.(item)}
              disabled={disabled}
              onDelete={() => {
                multipleSelection.removeSelectedItem(item)
                reopen()
              }}
            />
          ))}
          <ChipInput {...inputProps} />
          {props.value.length > 0 && !disabled ? (
            <ClearButton
              type="button"
              aria-label="Tout effacer"
              onClick={() => {
                multipleSelection.setSelectedItems([])
                reopen()
              }}
            >
              <Icon path={mdiClose} size={20} />
            </ClearButton>
          ) : null}
        </ChipBox>
      </Anchor>
      {help ? (
        <HelperText id={helpId} data-error={Boolean(error)}>
          {help}
        </HelperText>
      ) : null}
      {createPortal(list, document.body)}
    </FieldRoot>
  )
}
