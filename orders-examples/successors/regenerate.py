# Regenerates the example orders (turn-*/) after a change of the scenario or the engine:
#   cargo build && python3 orders-examples/successors/regenerate.py
# (python3 with PyYAML). The orders are chosen from each view, so the based_on hashes and
# the hands drawn follow whatever the scenario now is.
# Writes orders-examples/successors/turn-000N/ by playing game turn I of a 3-player
# demo: subjugations (Leonnatos sails to Amisos, Krateros at Tyana), a siege (Lysimachos
# at Kyzikos, which Leonnatos leaves), an assault (Eumenes at Gordion), independent
# armies when a card allows.
import subprocess, yaml, os, shutil, sys
ROOT=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
D=os.path.join(ROOT,'target/debug/dikast')
EX=os.path.join(ROOT,'orders-examples/successors')
C=os.path.join(ROOT,'target/successors-demo')
shutil.rmtree(C, ignore_errors=True)
for t in os.listdir(EX):
    if t.startswith('turn-'): shutil.rmtree(os.path.join(EX,t))
subprocess.run([D,'new',C,'--scenario','successors','--game-id','demo-323','--secret',EX+'/secret.yaml'],check=True)
IND = {'greek_army':['Thebes','Lamia'],'scythians':['Seuthopolis'],'illyrians':['Aigai'],'colonists':['Rhagai'],'ariarathes':['Komana']}
sc = yaml.safe_load(open(os.path.join(ROOT,'crates/successors/src/model/successors-323.yaml')))
cards = {c['id']:c for c in sc['tyche']}
script = {
 2: {'perdikkas': {'activation': {'Eumenes':['Gordion','assault']}},
     'ptolemaios': {'activation': {'Lysimachos':['Abydos','Kyzikos','assault','assault']}},
     'antipatros': {'activation': {'Leonnatos':['Chalcedon',{'sea':'Amisos'},'assault'], 'Krateros':['Tyana','assault','assault']}}},
}
def later(view, side):
    o = {}
    me = [a for a in view['state']['armies'] if a['player']==side]
    act = {}
    for a in me:
        sp = next(s for s in view['state']['spaces'] if s['id']==a['at'])
        ctl = sp.get('control')
        if a['general'] in ('Lysimachos','Krateros','Leonnatos','Eumenes') and not a.get('inside') and ctl and ctl != side and a['cus']>=(3 if ctl=='independent' else 1):
            act[a['general']] = ['assault','assault']
    if act: o['activation'] = act
    return o
def tyche(view, side):
    hand = view['state']['hand']
    for c in hand:
        ev = cards[c].get('event',{})
        if 'activate' in ev:
            return {'play': c, 'for': 'event', 'independent': IND[ev['activate']]}
    for c in hand:
        if cards[c]['kind'] != 'surprise':
            return {'play': c, 'for': 'ops'}
    return {'play': hand[0], 'for': 'discard'} if hand else None
for turn in range(1, 7):
    tdir = f'{C}/turns/{turn:04}'
    g = yaml.safe_load(open(tdir+'/game.yaml'))
    odir = f'{EX}/turn-{turn:04}'; os.makedirs(odir, exist_ok=True)
    for side in g['awaiting']:
        view = yaml.safe_load(open(f'{tdir}/view-{side}.yaml'))
        body = {}
        if turn > 1:
            body = dict(script.get(turn,{}).get(side) or later(view, side))
            t = tyche(view, side)
            if t: body['tyche'] = t
            st = view['state']
            if st.get('revealed_for') == side:
                nb = {}
                for c in st['revealed']:
                    ev = cards[c].get('event',{})
                    if 'activate' in ev: nb[c] = IND[ev['activate']]
                if nb: body['nobody'] = nb
        head = f"game: demo-323\nturn: {turn}\nside: {side}\nbased_on: {view['based_on']}\nentropy: \"{side} {turn}\"\n"
        text = head + (yaml.safe_dump(body, sort_keys=False, default_flow_style=None) if body else '')
        open(f'{odir}/{side}.yaml','w').write(text)
        shutil.copy(f'{odir}/{side}.yaml', f'{tdir}/orders/{side}.yaml')
    r = subprocess.run([D,'adjudicate',C], capture_output=True, text=True)
    print(turn, r.stdout.strip(), r.stderr[-3000:])
    if r.returncode: sys.exit(1)
